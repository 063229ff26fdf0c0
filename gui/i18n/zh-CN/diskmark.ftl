# diskmark: the messages of the window and the TUI (docs/i18n.md).
# SEQ1M, Q8T1, RND4K, MB/s, GB/s, IOPS and µs stay as they are in every language.

### The window

# Its name in itself, as the Language menu lists it.
language-name = 简体中文

# The button that runs every test.
all = 全部
# The button that stops the run.
stop = 停止
# Label of the target picker.
target = 目标
# Label of the unit picker.
unit = 单位
# Column headings.
read = 读取
# Column heading.
write = 写入
# Column heading.
mix = 混合
# The status bar before a run.
ready = 就绪
# The status bar while a stop is under way.
stopping = 正在停止…
# The status bar after a complete run.
finished = 已完成
# The status bar after a stopped run.
stopped = 已停止：已完成的测试结果已保留
# Heading of the notes panel.
notes = 备注
# The status bar while the test file is filled before the tests. $pct: a whole percentage.
prefill = 正在准备测试文件：{ $pct } %
# The status bar between tests. $seconds: seconds left, one decimal.
interval = 间隔：{ $seconds } s
# The same, with the loop's live speed.
running-rate = { $phase } · { $test } { $direction } · 循环 { $lp }/{ $loops } · { $mbps } MB/s
# The status bar while a loop runs. $phase: a phase-* message; $test: SEQ1M Q8T1 and the like (not translated); $direction: read, write or mix (the column headings); $lp of $loops: the loop.
running = { $phase } · { $test } { $direction } · 循环 { $lp }/{ $loops }
# The phases of a loop.
phase-warmup = 预热中
phase-measure = 测量中
phase-drain = 排空中
# The time left of the run. $clock: minutes:seconds.
time-left = 剩余 { $clock }
# An error, before its sentence (the sentence itself comes from the measuring core, in English).
error = 错误：{ $sentence }
# The outputs written at the end. $names: file names.
written = 已写入：{ $names }
# Why the panel cannot be used now.
settings-locked = 停止运行后才能更改设置
# Label of the engine buttons.
engine = 引擎
# The picker's entry that opens the typed path.
choose-folder = 选择文件夹…
# Label of the typed folder path.
folder = 文件夹
# Takes the typed folder.
use-folder = 使用
# Gives the typed folder up.
cancel = 取消
# Enter on an empty folder path.
no-folder = 错误：请输入要在其中创建测试文件的文件夹路径
# A typed value that was not taken: $label the setting, $why the reason (English, from the core), $kept the value kept.
bad-value = 错误：{ $label }：{ $why }；保持为 { $kept }
# A native I/O engine that does not work on this machine; $why is the probe's reason (English).
engine-unavailable = { $name }：在此机器上不可用：{ $why }
# A typed folder that is a block device.
not-a-folder = 错误：目标 { $path } 是块设备，不是文件夹；请选择要在其中创建测试文件的文件夹（命令行可测试原始设备）
# The button that copies the text report.
copy = 复制报告
# The button (and dialog title) that saves the text report.
save-text = 保存文本…
# The button (and dialog title) that saves the JSON report.
save-json = 保存 JSON…
# The button (and dialog title) that saves the Markdown table.
save-markdown = 保存 Markdown…
# The button (and dialog title) that saves the chart as PNG.
save-png = 保存图表 (PNG)…
# The entry (and dialog title) that saves the card as PNG.
save-card = 保存图片（卡片）…
# The button that saves the run into the history.
save-history = 保存到历史记录…
# The button (and dialog title) that opens a result JSON.
open = 打开结果…
# The file dialog's filter for text files.
file-kind-text = 文本
# The path row's button that saves.
save = 保存
# The path row's button that opens.
open-button = 打开
# The path row's button that opens the desktop's file dialog.
browse = 浏览…
# The typed path's placeholder.
path-placeholder = /path/to/file
# The message line once the report is on the clipboard.
copied = 文本报告已复制到剪贴板
# Saving with nothing to save.
nothing-to-save = 尚无可保存的内容：请先运行测试或打开结果
# An action that saves nothing, asked to save.
cannot-save = 此操作只读取文件，不保存任何内容
# Opening with no path typed.
no-file = 请指定要打开的结果文件
# The label before the path field, for each file action.
path-save-text = 将文本报告保存到
path-save-json = 将 JSON 报告保存到
path-save-markdown = 将 Markdown 表格保存到
path-save-png = 将图表 (PNG) 保存到
path-save-card = 将卡片 (PNG) 保存到
path-save-history = 保存到历史记录数据库
path-open = 打开结果文件
# The status bar while a result file is shown instead of a run.
shown = 正在显示 { $file }：其中的数据来自该文件，而非本次运行
# A run saved into the history database: $id its number, $db the database's path.
saved-as = 已作为运行 #{ $id } 保存到 { $db }
# The chart could not be drawn; $why is the renderer's reason.
chart-failed = 无法将图表绘制为 PNG：{ $why }
# Tests of an opened file that have no direction (read or write), left out of the grid.
no-direction = 文件中有 { $n } 项测试没有方向（读取或写入），未予显示
# The looks, as the Theme menu names them.
look-light = 浅色
# A look.
look-dark = 深色
# A look.
look-high-contrast = 高对比度
# The comment field's placeholder.
comment = 注释（结果的标签）
# A column's heading, as CrystalDiskMark writes it: "Read [MB/s]". $direction: read, write or mix; $unit: MB/s, GB/s, IOPS or µs (never translated).
heading = { $direction } [{ $unit }]
# Figures with their units (the units stay as they are in every language).
mbps = { $v } MB/s
iops = { $v } IOPS
micros = { $us } µs
# The queue and threads that ran, when the engine adapted the test: "ran Q1T8".
ran = 实际运行 { $qt }
gbps = { $v } GB/s
every-unit-mean = { $mbps } · { $gbps } · { $iops } · 平均 { $mean }
# A cell's figure in every unit (its tooltip's first line).
every-unit = { $mbps } · { $gbps } · { $iops }
# The same with the 95 % confidence interval, $ci percent.
spread-ci = { $n } 次循环：{ $min } – { $max } MB/s，±{ $ci } %（95 % 置信度）
# How much a cell's loops disagree: $n loops, from $min to $max MB/s.
spread = { $n } 次循环：{ $min } – { $max } MB/s
# The menus' titles.
menu-file = 文件
# A menu's title.
menu-settings = 设置
# A menu's title.
menu-theme = 主题
# A menu's title.
menu-language = 语言
# A menu's title.
menu-help = 帮助
# File's last entry.
quit = 退出
# Settings' submenus and entries.
profile = 配置方案
# A submenu of Settings.
presets = 预设
# A submenu of Settings.
test-data = 测试数据
# The entry and dialog that edit each row's test.
test-parameters = 测试参数…
# The entry and dialog with every setting.
all-settings = 所有设置…
# Theme's entry that follows the desktop.
look-system = 跟随系统
# Help's entries.
shortcuts = 键盘快捷键…
# Help's entry.
about = 关于 diskmark…
# A dialog's button that closes it.
close = 关闭
# The test parameters' button that brings the profile's tests back.
reset-tests = 恢复为 CrystalDiskMark 的测试
# The column headings of the Test parameters dialog.
param-test = 测试
param-pattern = 访问模式
param-block = 块大小
param-queue = 队列
param-threads = 线程
# The About dialog.
about-what = 存储基准测试工具：采用 CrystalDiskMark 的测试项目，以正确的方法测量，使用原生 I/O 引擎。
about-licence = 许可证：{ $licence }
about-home = 主页：{ $url }
about-docs = 测量方法：{ $method } · 报告格式：{ $formats }
# The tabs of the pages.
page-grid = 网格
page-sustained = 持续写入
page-span = 全盘分布图
page-qos = 负载下延迟
page-history = 历史记录
# A page's button that starts its run.
start = 开始
# The sustained page's size pick list.
fill-size = 写入量
# A sustained write up to the free space (the CLI's default).
fill-free-space = 写满可用空间（保留余量）
# The sustained chart's x axis.
gb-written = 已写入 GB
# The device map's x axis.
position = 在设备上的位置 (%)
# A chart with no measured point yet.
nothing-measured = 尚未测得任何样本
# The span page's device field.
span-device = 要扫描的设备 (/dev/…)，留空则使用目标文件夹中的测试文件
# The QoS page before a run.
qos-what = 先单独进行 RND4K Q1T1 读取，再在 SEQ1M Q8T1 写入第二个文件的同时读取：p50、p99 和 p99.9 (docs/measurement.md#latency-under-load)
# The QoS page while it runs.
qos-running = 正在测量单独读取，然后测量写入负载下的读取…
# The history page with no run recorded.
no-history = 尚无运行记录：文件 → 保存到历史记录… 可记录最近一次运行
# The history page's hint.
choose-two = 选择两次运行进行比较
# The mark of the write cache's end on the sustained write's chart.
knee = 缓存 ≈ { $gb } GB
sustained-progress-rate = 已写入 { $done } / { $total } GB · { $mbps } MB/s
# The sustained write's progress: $done of $total GB.
sustained-progress = 已写入 { $done } / { $total } GB
# What the sustained write page will run.
sustained-what-size = SEQ1M Q8T1 向目标文件夹写入 { $gb } GB
sustained-what-free = SEQ1M Q8T1 持续写入，直至远超驱动器的写入缓存（可用空间减去余量）
# What the device map page will run, and its progress.
span-what = 从第一个字节到最后一个字节进行顺序采样，然后进行随机 4 KiB 读取（只读）
span-progress = { $done } / { $total }
span-filling = 全盘分布图：正在填充测试文件，{ $done } / { $total } GB
span-sample = 全盘分布图：采样 { $done } / { $total } · { $rate } MB/s
span-access = 全盘分布图：随机读取 { $done } / { $total }
# A date and time in this language's order: $year (4 digits), $month and $day (2 digits), $time (hours:minutes, 24 h).
date-time = { $year }/{ $month }/{ $day } { $time }
# Runs of the history database that could not be read.
unreadable-runs = 有 { $n } 条运行记录无法读取，未列出

# The Keyboard shortcuts dialog: what each shortcut does (the keys themselves are not translated).
key-run-all = 运行所有测试
key-stop = 停止运行（或关闭菜单、对话框）
key-open = 打开结果
key-save-json = 保存 JSON 报告
key-save-card = 保存卡片图片
key-copy = 复制文本报告
key-settings = 所有设置
key-shortcuts = 显示本快捷键列表
key-menus = 菜单（然后使用方向键、Enter 和 Escape）
key-menu-keys = 文件、设置、主题、语言、帮助
key-quit = 退出（先停止正在进行的运行）

### The settings (shared by the window and the TUI)

# Each setting's label: setting-<its command-line option>.
setting-profile = 配置方案
setting-mix = +混合
setting-mix-read = 混合读取 %
setting-mode = 模式
setting-loops = 循环次数
setting-size = 大小
setting-measure = 测量时间 (s)
setting-interval = 间隔时间 (s)
setting-warmup = 预热时间 (s)
setting-data = 测试数据
# O_DIRECT is the flag's name: not translated.
setting-buffered = O_DIRECT
setting-drop-caches = 清除页缓存
setting-drop-caches-hint = root：每次读取循环前清除整个页缓存
setting-strict = 严格
setting-strict-hint = 使用精确的 Q 和 T，否则拒绝运行
setting-loop-stat = 循环统计
# A switch's two values.
on = 开
off = 关
# The profiles, as CrystalDiskMark names them.
profile-default = 默认
profile-nvme = NVMe SSD
profile-peak = 峰值性能
profile-peak-nvme = 峰值性能 (NVMe SSD)
profile-real = 实际性能
profile-demo = 演示
profile-custom = 自定义
# What the tests do (the Mode setting).
mode-read-write = 读取 + 写入
mode-read = 仅读取
mode-write = 仅写入
mode-mix = 仅混合
# The test data (0x00 is a byte: not translated).
data-random = 随机
data-zeros = 全 0x00
# Which of the loops' figures a cell shows.
stat-mean = 平均值
stat-best = 最佳值
stat-median = 中位数

### The terminal interface (TUI)

# The terminal interface's help: what each key does (the keys themselves are not translated).
tui-key-move = 在开始按钮、测试和设置之间移动
tui-key-change = 更改所选设置
tui-key-start = 开始（全部或所选测试）；位于设置上时：更改该设置
tui-key-stop = 停止正在运行的基准测试（测试文件会被删除）
tui-key-target = 输入目标路径（Ctrl-A Ctrl-E Ctrl-U Ctrl-W 的用法与 shell 相同）
tui-key-unit = 切换单位：MB/s、GB/s、IOPS、µs
tui-key-save = 将报告保存为文本 / JSON (diskmark_YYYYMMDDhhmmss)
tui-key-copy = 将报告复制到剪贴板 (OSC 52)
tui-key-pages = 页面：网格、持续写入、历史记录（运行期间不可切换）
tui-key-fill = 持续写入：Enter 开始，← → 选择写入量
tui-key-history = 历史记录：↑ ↓ 滚动，r 重新读取数据库
tui-key-quit = 退出
# The help box's title and its last line.
tui-keys = 按键
tui-help-close = 按任意键关闭此帮助
# The title of the settings' block.
tui-settings = 设置
# The bottom line while a target path is typed: the text before and after the cursor.
tui-target-prompt = { " " }目标路径：{ $before }▏{ $after }（Enter 确认，Esc 取消，Ctrl-U 清空）{ " " }
# The bottom line: the keys of each page (the keys themselves are not translated).
tui-hint-grid = { " " }↑↓ 移动 · ←→ 更改 · Enter 开始 · Esc 停止 · s 保存 · ? 帮助 · q 退出{ " " }
tui-hint-fill = { " " }Enter 开始 · ←→ 大小 · Esc 停止 · Tab 页面 · ? 帮助 · q 退出{ " " }
tui-hint-history = { " " }↑↓ 滚动 · r 重新读取 · Tab 页面 · ? 帮助 · q 退出{ " " }
# The line beside the Start button: profile, loops, file size, target, +Mix when on, unit.
tui-header = { "  " }{ $profile } · { $loops } 次循环 · { $size } · { $target }{ $mix } · { $unit }
# The heading of the mix column: the read and write percentages.
tui-mix-heading = 混合 { $read }/{ $write }
# A cell of a test that completed no I/O: no figure.
no-io = 无 I/O
# The status line.
tui-ready = 就绪：按 Enter 开始所有测试；在测试行上则只运行该测试
tui-finished = 已完成。s：保存报告 · J：保存 JSON · c：复制
tui-stopped = 已停止。测试文件已删除。
tui-interval = 间隔：{ $seconds } s 后进行下一项测试
# While a loop runs: the test (SEQ1M Q8T1), its direction, the loop, the phase, the seconds left, the live speed.
tui-running = { $test } { $direction } · 循环 { $lp }/{ $loops } · { $phase } · 剩余 { $left } s
tui-running-rate = { $test } { $direction } · 循环 { $lp }/{ $loops } · { $phase } · 剩余 { $left } s · { $mbps } MB/s
# A drive whose model is not known.
unknown = 未知
# The sustained write's page.
tui-fill-default-size = 默认（可用空间减去余量，至少 1 GiB）
tui-fill-head = { "  " }持续写入 · { $test } · 大小：{ $size } · { $target }
tui-fill-ready = 就绪：按 Enter 开始持续写入；←→ 选择写入量（目标、引擎、测试数据和 O_DIRECT 沿用网格页的设置）
tui-fill-starting = 正在准备持续写入…
tui-fill-writing = 正在写入…
tui-fill-now = 已写入：{ $done } / { $total } GB · 尚无样本
tui-fill-now-rate = 已写入：{ $done } / { $total } GB · 当前 { $mbps } MB/s
tui-fill-chart = MB/s 随已写入 GB 的变化
tui-fill-line = 持续写入 { $done } / { $total } GB · { $rate } MB/s · { $left }
tui-left-unknown = 剩余时间未知
# The history page.
tui-none = 无
tui-history-db = 历史记录：{ $db }
tui-history-reading = 正在读取历史记录…
tui-history-count = 共 { $n } 次运行 · 显示第 { $first }–{ $last } 条（diskmark history show ID 可显示单次运行的完整内容）
tui-col-id = ID
tui-col-date = 日期
tui-col-profile = 配置方案
tui-col-target = 目标
tui-col-figures = 结果
# Messages of the bottom line.
tui-stop-to-size = 停止运行 (Esc) 后才能更改大小
tui-stop-to-switch = 正在运行：切换到“{ $page }”页面前请先停止 (Esc)
tui-stop-to-change = 停止运行 (Esc) 后才能更改设置
tui-cannot-start = 无法开始：{ $why }
tui-nothing-to-save = 尚无可保存的内容：请先运行基准测试
tui-saved = 已保存到 { $name }
tui-cannot-save = 无法保存 { $name }：{ $why }
tui-nothing-to-copy = 尚无可复制的内容：请先运行基准测试
tui-copied = 报告已复制到剪贴板 (OSC 52)
tui-cannot-copy = 无法复制：{ $why }
tui-no-runs = 尚未保存任何运行：运行时加上 --save
# The pages' tabs (lower case in the terminal).
tui-page-grid = 网格
tui-page-fill = 持续写入
tui-page-history = 历史记录

### The Language menu and the About dialog

# The Language menu's first entry: the language the desktop session asks for (LANG, LC_ALL, LC_MESSAGES); $name is that language's name.
language-system = 跟随系统（{ $name }）
not-remembered = 不会记住所选语言：{ $why }
# A result file that is not diskmark's: $file its name, $why the reason (in English, from the core).
not-a-result = { $file } 不是有效的 diskmark 结果：{ $why }
