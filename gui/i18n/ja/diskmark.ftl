# diskmark: the messages of the window and the TUI (docs/i18n.md).
# SEQ1M, Q8T1, RND4K, MB/s, GB/s, IOPS and µs stay as they are in every language.

### The window

# Its name in itself, as the Language menu lists it.
language-name = 日本語

# The button that runs every test.
all = All
# The button that stops the run.
stop = Stop
# Label of the target picker.
target = 対象
# Label of the unit picker.
unit = 単位
# Column headings.
read = Read
# Column heading.
write = Write
# Column heading.
mix = Mix
# The status bar before a run.
ready = 準備完了
# The status bar while a stop is under way.
stopping = 停止中…
# The status bar after a complete run.
finished = 完了
# The status bar after a stopped run.
stopped = 停止しました: 完了したテストの結果は保持されます
# Heading of the notes panel.
notes = メモ
# The status bar while the test file is filled before the tests. $pct: a whole percentage.
prefill = テストファイルを準備中: { $pct } %
# The status bar between tests. $seconds: seconds left, one decimal.
interval = インターバル: { $seconds } s
# The same, with the loop's live speed.
running-rate = { $phase } · { $test } { $direction } · ループ { $lp }/{ $loops } · { $mbps } MB/s
# The status bar while a loop runs. $phase: a phase-* message; $test: SEQ1M Q8T1 and the like (not translated); $direction: read, write or mix (the column headings); $lp of $loops: the loop.
running = { $phase } · { $test } { $direction } · ループ { $lp }/{ $loops }
# The phases of a loop.
phase-warmup = ウォームアップ
phase-measure = 測定中
phase-drain = ドレイン中
# The time left of the run. $clock: minutes:seconds.
time-left = 残り { $clock }
# An error, before its sentence (the sentence itself comes from the measuring core, in English).
error = エラー: { $sentence }
# The outputs written at the end. $names: file names.
written = 書き出しました: { $names }
# Why the panel cannot be used now.
settings-locked = 設定を変更するには実行を停止してください
# Label of the engine buttons.
engine = エンジン
# The picker's entry that opens the typed path.
choose-folder = フォルダーを選択…
# Label of the typed folder path.
folder = フォルダー
# Takes the typed folder.
use-folder = 使用
# Gives the typed folder up.
cancel = キャンセル
# Enter on an empty folder path.
no-folder = エラー: テストファイルを作成するフォルダーのパスを入力してください
# A typed value that was not taken: $label the setting, $why the reason (English, from the core), $kept the value kept.
bad-value = エラー: { $label }: { $why }。{ $kept } のままです
# A native I/O engine that does not work on this machine; $why is the probe's reason (English).
engine-unavailable = { $name }: この環境では利用できません: { $why }
# A typed folder that is a block device.
not-a-folder = エラー: 対象 { $path } はフォルダーではなくブロックデバイスです。テストファイルを作成するフォルダーを選択してください (デバイスを直接テストするにはコマンドラインを使用します)
# The button that copies the text report.
copy = レポートをコピー
# The button (and dialog title) that saves the text report.
save-text = テキストを保存…
# The button (and dialog title) that saves the JSON report.
save-json = JSON を保存…
# The button (and dialog title) that saves the Markdown table.
save-markdown = Markdown を保存…
# The button (and dialog title) that saves the chart as PNG.
save-png = グラフを保存 (PNG)…
# The entry (and dialog title) that saves the card as PNG.
save-card = 画像を保存 (カード)…
# The button that saves the run into the history.
save-history = 履歴に保存…
# The button (and dialog title) that opens a result JSON.
open = 結果を開く…
# The file dialog's filter for text files.
file-kind-text = テキスト
# The path row's button that saves.
save = 保存
# The path row's button that opens.
open-button = 開く
# The path row's button that opens the desktop's file dialog.
browse = 参照…
# The typed path's placeholder.
path-placeholder = /path/to/file
# The message line once the report is on the clipboard.
copied = テキストレポートをクリップボードにコピーしました
# Saving with nothing to save.
nothing-to-save = 保存する内容がまだありません: テストを実行するか、結果を開いてください
# An action that saves nothing, asked to save.
cannot-save = この操作はファイルを読み込むだけで、何も保存しません
# Opening with no path typed.
no-file = 開く結果ファイルを指定してください
# The label before the path field, for each file action.
path-save-text = テキストレポートの保存先
path-save-json = JSON レポートの保存先
path-save-markdown = Markdown の表の保存先
path-save-png = グラフ (PNG) の保存先
path-save-card = カード (PNG) の保存先
path-save-history = 履歴データベースに保存
path-open = 結果ファイルを開く
# The status bar while a result file is shown instead of a run.
shown = { $file } を表示中: 数値は実行結果ではなくファイルの内容です
# A run saved into the history database: $id its number, $db the database's path.
saved-as = 実行 #{ $id } として { $db } に保存しました
# The chart could not be drawn; $why is the renderer's reason.
chart-failed = グラフを PNG として描画できませんでした: { $why }
# Tests of an opened file that have no direction (read or write), left out of the grid.
no-direction = ファイル内の { $n } 件のテストには方向 (読み取り/書き込み) がないため、表示されません
# The looks, as the Theme menu names them.
look-light = ライト
# A look.
look-dark = ダーク
# A look.
look-high-contrast = ハイコントラスト
# The comment field's placeholder.
comment = コメント (結果のラベル)
# A column's heading, as CrystalDiskMark writes it: "Read [MB/s]". $direction: read, write or mix; $unit: MB/s, GB/s, IOPS or µs (never translated).
heading = { $direction } [{ $unit }]
# Figures with their units (the units stay as they are in every language).
mbps = { $v } MB/s
iops = { $v } IOPS
micros = { $us } µs
# The queue and threads that ran, when the engine adapted the test: "ran Q1T8".
ran = 実際は { $qt }
gbps = { $v } GB/s
every-unit-mean = { $mbps } · { $gbps } · { $iops } · 平均 { $mean }
# A cell's figure in every unit (its tooltip's first line).
every-unit = { $mbps } · { $gbps } · { $iops }
# The same with the 95 % confidence interval, $ci percent.
spread-ci = { $n } ループ: { $min } – { $max } MB/s、±{ $ci } % (95 % 信頼区間)
# How much a cell's loops disagree: $n loops, from $min to $max MB/s.
spread = { $n } ループ: { $min } – { $max } MB/s
# The menus' titles.
menu-file = ファイル
# A menu's title.
menu-settings = 設定
# A menu's title.
menu-theme = テーマ
# A menu's title.
menu-language = 言語
# A menu's title.
menu-help = ヘルプ
# File's last entry.
quit = 終了
# Settings' submenus and entries.
profile = プロファイル
# A submenu of Settings.
presets = プリセット
# A submenu of Settings.
test-data = テストデータ
# The entry and dialog that edit each row's test.
test-parameters = テストパラメーター…
# The entry and dialog with every setting.
all-settings = すべての設定…
# Theme's entry that follows the desktop.
look-system = システム
# Help's entries.
shortcuts = キーボードショートカット…
# Help's entry.
about = diskmark について…
# A dialog's button that closes it.
close = 閉じる
# The test parameters' button that brings the profile's tests back.
reset-tests = CrystalDiskMark のテストに戻す
# The column headings of the Test parameters dialog.
param-test = テスト
param-pattern = パターン
param-block = ブロックサイズ
param-queue = キュー数
param-threads = スレッド数
# The About dialog.
about-what = ストレージベンチマーク: CrystalDiskMark のテストを、ネイティブ I/O エンジンで正しく測定します。
about-licence = ライセンス: { $licence }
about-home = ホームページ: { $url }
about-docs = 測定方法: { $method } · レポート形式: { $formats }
# The tabs of the pages.
page-grid = グリッド
page-sustained = 連続書き込み
page-span = デバイスマップ
page-qos = 負荷時レイテンシ
page-history = 履歴
# A page's button that starts its run.
start = Start
# The sustained page's size pick list.
fill-size = 書き込み量
# A sustained write up to the free space (the CLI's default).
fill-free-space = 空き容量まで (マージンを除く)
# The sustained chart's x axis.
gb-written = 書き込み量 (GB)
# The device map's x axis.
position = デバイス上の位置 (%)
# A chart with no measured point yet.
nothing-measured = まだ測定されたサンプルがありません
# The span page's device field.
span-device = マップするデバイス (/dev/…)。空欄の場合は対象フォルダーのテストファイル
# The QoS page before a run.
qos-what = RND4K Q1T1 の読み取りを単独で行い、次に SEQ1M Q8T1 で別のファイルに書き込みながら行います: p50、p99、p99.9 (docs/measurement.md#latency-under-load)
# The QoS page while it runs.
qos-running = 読み取りを単独で測定し、次に書き込み負荷下で測定しています…
# The history page with no run recorded.
no-history = 記録された実行はまだありません: ファイル → 履歴に保存… で直前の実行を記録できます
# The history page's hint.
choose-two = 比較する 2 つの実行を選択してください
# The mark of the write cache's end on the sustained write's chart.
knee = キャッシュ ≈ { $gb } GB
sustained-progress-rate = { $done } / { $total } GB 書き込み済み · { $mbps } MB/s
# The sustained write's progress: $done of $total GB.
sustained-progress = { $done } / { $total } GB 書き込み済み
# What the sustained write page will run.
sustained-what-size = SEQ1M Q8T1 で対象フォルダーに { $gb } GB を書き込みます
sustained-what-free = SEQ1M Q8T1 でドライブの書き込みキャッシュを十分に超えるまで書き込みます (空き容量からマージンを除いた量)
# What the device map page will run, and its progress.
span-what = 先頭バイトから末尾までシーケンシャルにサンプリングし、次にランダム 4 KiB 読み取りを行います (読み取り専用)
span-progress = { $done } / { $total }
span-filling = デバイスマップ: テストファイルを作成中 { $done } / { $total } GB
span-sample = デバイスマップ: サンプル { $done } / { $total } · { $rate } MB/s
span-access = デバイスマップ: ランダム読み取り { $done } / { $total }
# A date and time in this language's order: $year (4 digits), $month and $day (2 digits), $time (hours:minutes, 24 h).
date-time = { $year }/{ $month }/{ $day } { $time }
# Runs of the history database that could not be read.
unreadable-runs = 記録された実行のうち { $n } 件は読み込めなかったため、一覧に表示されません

# The Keyboard shortcuts dialog: what each shortcut does (the keys themselves are not translated).
key-run-all = すべてのテストを実行
key-stop = 実行を停止 (またはメニューやダイアログを閉じる)
key-open = 結果を開く
key-save-json = JSON レポートを保存
key-save-card = カード画像を保存
key-copy = テキストレポートをコピー
key-settings = すべての設定
key-shortcuts = このショートカット一覧
key-menus = メニュー (その後は矢印キー、Enter、Escape)
key-menu-keys = ファイル、設定、テーマ、言語、ヘルプ
key-quit = 終了 (実行中の場合は先に停止)

### The settings (shared by the window and the TUI)

# Each setting's label: setting-<its command-line option>.
setting-profile = プロファイル
setting-mix = +Mix
setting-mix-read = Mix の読み取り %
setting-mode = モード
setting-loops = ループ回数
setting-size = サイズ
setting-measure = 測定時間 (s)
setting-interval = 測定間隔 (s)
setting-warmup = ウォームアップ (s)
setting-data = テストデータ
# O_DIRECT is the flag's name: not translated.
setting-buffered = O_DIRECT
setting-drop-caches = ページキャッシュをフラッシュ
setting-drop-caches-hint = root: 各読み取りループの前にページキャッシュ全体を破棄
setting-strict = 厳密
setting-strict-hint = 指定どおりの Q と T で実行し、できなければ拒否
setting-loop-stat = ループの集計値
# A switch's two values.
on = オン
off = オフ
# The profiles, as CrystalDiskMark names them.
profile-default = デフォルト
profile-nvme = NVMe SSD
profile-peak = ピーク性能
profile-peak-nvme = ピーク性能 (NVMe SSD)
profile-real = 現実性能
profile-demo = デモ
profile-custom = カスタム
# What the tests do (the Mode setting).
mode-read-write = 読み取り + 書き込み
mode-read = 読み取りのみ
mode-write = 書き込みのみ
mode-mix = Mix のみ
# The test data (0x00 is a byte: not translated).
data-random = ランダム
data-zeros = All 0x00 (0Fill)
# Which of the loops' figures a cell shows.
stat-mean = 平均
stat-best = 最高
stat-median = 中央値

### The terminal interface (TUI)

# The terminal interface's help: what each key does (the keys themselves are not translated).
tui-key-move = Start、テスト、設定の間を移動
tui-key-change = 選択中の設定を変更
tui-key-start = 開始 (すべて、または選択したテスト)。設定の上では値を変更
tui-key-stop = 実行中のベンチマークを停止 (テストファイルは削除されます)
tui-key-target = 対象パスを入力 (Ctrl-A Ctrl-E Ctrl-U Ctrl-W はシェルと同じ)
tui-key-unit = 単位を切り替え: MB/s、GB/s、IOPS、µs
tui-key-save = レポートをテキスト / JSON で保存 (diskmark_YYYYMMDDhhmmss)
tui-key-copy = レポートをクリップボードにコピー (OSC 52)
tui-key-pages = ページ: グリッド、連続書き込み、履歴 (実行中は切り替え不可)
tui-key-fill = 連続書き込み: Enter で開始、← → でサイズを選択
tui-key-history = 履歴: ↑ ↓ でスクロール、r でデータベースを再読み込み
tui-key-quit = 終了
# The help box's title and its last line.
tui-keys = キー操作
tui-help-close = 任意のキーでこのヘルプを閉じます
# The title of the settings' block.
tui-settings = 設定
# The bottom line while a target path is typed: the text before and after the cursor.
tui-target-prompt = { " " }対象パス: { $before }▏{ $after } (Enter 確定、Esc キャンセル、Ctrl-U 消去){ " " }
# The bottom line: the keys of each page (the keys themselves are not translated).
tui-hint-grid = { " " }↑↓ 移動 · ←→ 変更 · Enter 開始 · Esc 停止 · s 保存 · ? ヘルプ · q 終了{ " " }
tui-hint-fill = { " " }Enter 開始 · ←→ サイズ · Esc 停止 · Tab ページ · ? ヘルプ · q 終了{ " " }
tui-hint-history = { " " }↑↓ スクロール · r 再読み込み · Tab ページ · ? ヘルプ · q 終了{ " " }
# The line beside the Start button: profile, loops, file size, target, +Mix when on, unit.
tui-header = { "  " }{ $profile } · { $loops } ループ · { $size } · { $target }{ $mix } · { $unit }
# The heading of the mix column: the read and write percentages.
tui-mix-heading = Mix { $read }/{ $write }
# A cell of a test that completed no I/O: no figure.
no-io = I/O なし
# The status line.
tui-ready = 準備完了: Enter ですべてのテストを開始。テストの行ではそのテストのみ
tui-finished = 完了。s: レポートを保存 · J: JSON を保存 · c: コピー
tui-stopped = 停止しました。テストファイルは削除されました。
tui-interval = インターバル: 次のテストまで { $seconds } s
# While a loop runs: the test (SEQ1M Q8T1), its direction, the loop, the phase, the seconds left, the live speed.
tui-running = { $test } { $direction } · ループ { $lp }/{ $loops } · { $phase } · 残り { $left } s
tui-running-rate = { $test } { $direction } · ループ { $lp }/{ $loops } · { $phase } · 残り { $left } s · { $mbps } MB/s
# A drive whose model is not known.
unknown = 不明
# The sustained write's page.
tui-fill-default-size = デフォルト (空き容量からマージンを除いた量、最低 1 GiB)
tui-fill-head = { "  " }連続書き込み · { $test } · サイズ: { $size } · { $target }
tui-fill-ready = 準備完了: Enter で連続書き込みを開始。←→ でサイズを選択 (対象、エンジン、テストデータ、O_DIRECT はグリッドの設定を使用)
tui-fill-starting = 連続書き込みを準備中…
tui-fill-writing = 書き込み中…
tui-fill-now = 書き込み済み: { $done } / { $total } GB · サンプルはまだありません
tui-fill-now-rate = 書き込み済み: { $done } / { $total } GB · 現在 { $mbps } MB/s
tui-fill-chart = 書き込み量 (GB) に対する MB/s
tui-fill-line = 連続書き込み { $done } / { $total } GB · { $rate } MB/s · { $left }
tui-left-unknown = 残り時間不明
# The history page.
tui-none = なし
tui-history-db = 履歴: { $db }
tui-history-reading = 履歴を読み込み中…
tui-history-count = { $n } 件の実行 · { $first }–{ $last } を表示中 (diskmark history show ID で 1 件を詳しく表示)
tui-col-id = ID
tui-col-date = 日時
tui-col-profile = プロファイル
tui-col-target = 対象
tui-col-figures = 結果
# Messages of the bottom line.
tui-stop-to-size = サイズを変更するには実行を停止してください (Esc)
tui-stop-to-switch = 実行中です: { $page } ページに切り替える前に停止してください (Esc)
tui-stop-to-change = 設定を変更するには実行を停止してください (Esc)
tui-cannot-start = 開始できません: { $why }
tui-nothing-to-save = 保存する内容がまだありません: 先にベンチマークを実行してください
tui-saved = { $name } に保存しました
tui-cannot-save = { $name } を保存できません: { $why }
tui-nothing-to-copy = コピーする内容がまだありません: 先にベンチマークを実行してください
tui-copied = レポートをクリップボードにコピーしました (OSC 52)
tui-cannot-copy = コピーできません: { $why }
tui-no-runs = 保存された実行はまだありません: 実行時に --save を付けてください
# The pages' tabs (lower case in the terminal).
tui-page-grid = グリッド
tui-page-fill = 連続書き込み
tui-page-history = 履歴

### The Language menu and the About dialog

# The Language menu's first entry: the language the desktop session asks for (LANG, LC_ALL, LC_MESSAGES); $name is that language's name.
language-system = システム ({ $name })
not-remembered = 言語は記憶されません: { $why }
# A result file that is not diskmark's: $file its name, $why the reason (in English, from the core).
not-a-result = { $file } は有効な diskmark の結果ではありません: { $why }
