# diskmark: the messages of the window and the TUI (docs/i18n.md).
# SEQ1M, Q8T1, RND4K, MB/s, GB/s, IOPS and µs stay as they are in every language.

### The window

# Its name in itself, as the Language menu lists it.
language-name = 한국어

# The button that runs every test.
all = 전체
# The button that stops the run.
stop = 정지
# Label of the target picker.
target = 대상
# Label of the unit picker.
unit = 단위
# Column headings.
read = 읽기
# Column heading.
write = 쓰기
# Column heading.
mix = 혼합
# The status bar before a run.
ready = 준비됨
# The status bar while a stop is under way.
stopping = 정지 중…
# The status bar after a complete run.
finished = 완료
# The status bar after a stopped run.
stopped = 중지됨: 완료된 테스트 결과는 유지됩니다
# Heading of the notes panel.
notes = 메모
# The status bar while the test file is filled before the tests. $pct: a whole percentage.
prefill = 테스트 파일 준비 중: { $pct } %
# The status bar between tests. $seconds: seconds left, one decimal.
interval = 측정 간격: { $seconds } s
# The same, with the loop's live speed.
running-rate = { $phase } · { $test } { $direction } · 반복 { $lp }/{ $loops } · { $mbps } MB/s
# The status bar while a loop runs. $phase: a phase-* message; $test: SEQ1M Q8T1 and the like (not translated); $direction: read, write or mix (the column headings); $lp of $loops: the loop.
running = { $phase } · { $test } { $direction } · 반복 { $lp }/{ $loops }
# The phases of a loop.
phase-warmup = 워밍업
phase-measure = 측정 중
phase-drain = 마무리 중
# The time left of the run. $clock: minutes:seconds.
time-left = { $clock } 남음
# An error, before its sentence (the sentence itself comes from the measuring core, in English).
error = 오류: { $sentence }
# The outputs written at the end. $names: file names.
written = 저장됨: { $names }
# Why the panel cannot be used now.
settings-locked = 설정을 변경하려면 실행을 중지하십시오
# Label of the engine buttons.
engine = 엔진
# The picker's entry that opens the typed path.
choose-folder = 폴더 선택…
# Label of the typed folder path.
folder = 폴더
# Takes the typed folder.
use-folder = 사용
# Gives the typed folder up.
cancel = 취소
# Enter on an empty folder path.
no-folder = 오류: 테스트 파일을 만들 폴더의 경로를 입력하십시오
# A typed value that was not taken: $label the setting, $why the reason (English, from the core), $kept the value kept.
bad-value = 오류: { $label }: { $why }; 값은 { $kept }(으)로 유지됩니다
# A native I/O engine that does not work on this machine; $why is the probe's reason (English).
engine-unavailable = { $name }: 이 시스템에서는 사용할 수 없음: { $why }
# A typed folder that is a block device.
not-a-folder = 오류: 대상 { $path }은(는) 폴더가 아니라 블록 장치입니다. 테스트 파일을 만들 폴더를 선택하십시오(원시 장치는 명령줄에서 테스트합니다)
# The button that copies the text report.
copy = 보고서 복사
# The button (and dialog title) that saves the text report.
save-text = 텍스트 저장…
# The button (and dialog title) that saves the JSON report.
save-json = JSON 저장…
# The button (and dialog title) that saves the Markdown table.
save-markdown = Markdown 저장…
# The button (and dialog title) that saves the chart as PNG.
save-png = 차트 저장(PNG)…
# The entry (and dialog title) that saves the card as PNG.
save-card = 이미지 저장(카드)…
# The button that saves the run into the history.
save-history = 기록에 저장…
# The button (and dialog title) that opens a result JSON.
open = 결과 열기…
# The file dialog's filter for text files.
file-kind-text = 텍스트
# The path row's button that saves.
save = 저장
# The path row's button that opens.
open-button = 열기
# The path row's button that opens the desktop's file dialog.
browse = 찾아보기…
# The typed path's placeholder.
path-placeholder = /path/to/file
# The message line once the report is on the clipboard.
copied = 텍스트 보고서를 클립보드에 복사했습니다
# Saving with nothing to save.
nothing-to-save = 아직 저장할 내용이 없습니다: 테스트를 실행하거나 결과를 여십시오
# An action that saves nothing, asked to save.
cannot-save = 이 작업은 파일을 읽기만 하며 아무것도 저장하지 않습니다
# Opening with no path typed.
no-file = 열 결과 파일을 지정하십시오
# The label before the path field, for each file action.
path-save-text = 텍스트 보고서 저장 위치
path-save-json = JSON 보고서 저장 위치
path-save-markdown = Markdown 표 저장 위치
path-save-png = 차트(PNG) 저장 위치
path-save-card = 카드(PNG) 저장 위치
path-save-history = 기록 데이터베이스에 저장
path-open = 결과 파일 열기
# The status bar while a result file is shown instead of a run.
shown = { $file } 표시 중: 이 수치는 실행 결과가 아니라 파일의 값입니다
# A run saved into the history database: $id its number, $db the database's path.
saved-as = { $db }에 실행 #{ $id }(으)로 저장됨
# The chart could not be drawn; $why is the renderer's reason.
chart-failed = 차트를 PNG로 그릴 수 없습니다: { $why }
# Tests of an opened file that have no direction (read or write), left out of the grid.
no-direction = 파일의 테스트 { $n }개는 방향(읽기 또는 쓰기)이 없어 표시되지 않습니다
# The looks, as the Theme menu names them.
look-light = 라이트
# A look.
look-dark = 다크
# A look.
look-high-contrast = 고대비
# The comment field's placeholder.
comment = 설명 (결과의 레이블)
# A column's heading, as CrystalDiskMark writes it: "Read [MB/s]". $direction: read, write or mix; $unit: MB/s, GB/s, IOPS or µs (never translated).
heading = { $direction } [{ $unit }]
# Figures with their units (the units stay as they are in every language).
mbps = { $v } MB/s
iops = { $v } IOPS
micros = { $us } µs
# The queue and threads that ran, when the engine adapted the test: "ran Q1T8".
ran = 실행: { $qt }
gbps = { $v } GB/s
every-unit-mean = { $mbps } · { $gbps } · { $iops } · 평균 { $mean }
# A cell's figure in every unit (its tooltip's first line).
every-unit = { $mbps } · { $gbps } · { $iops }
# The same with the 95 % confidence interval, $ci percent.
spread-ci = 반복 { $n }회: { $min } – { $max } MB/s, ±{ $ci } % (95 % 신뢰 구간)
# How much a cell's loops disagree: $n loops, from $min to $max MB/s.
spread = 반복 { $n }회: { $min } – { $max } MB/s
# The menus' titles.
menu-file = 파일
# A menu's title.
menu-settings = 설정
# A menu's title.
menu-theme = 테마
# A menu's title.
menu-language = 언어
# A menu's title.
menu-help = 도움말
# File's last entry.
quit = 종료
# Settings' submenus and entries.
profile = 프로필
# A submenu of Settings.
presets = 프리셋
# A submenu of Settings.
test-data = 테스트 데이터
# The entry and dialog that edit each row's test.
test-parameters = 테스트 매개변수…
# The entry and dialog with every setting.
all-settings = 모든 설정…
# Theme's entry that follows the desktop.
look-system = 시스템
# Help's entries.
shortcuts = 키보드 단축키…
# Help's entry.
about = diskmark 소개…
# A dialog's button that closes it.
close = 닫기
# The test parameters' button that brings the profile's tests back.
reset-tests = CrystalDiskMark 테스트로 재설정
# The column headings of the Test parameters dialog.
param-test = 테스트
param-pattern = 패턴
param-block = 블록 크기
param-queue = 대기열 수
param-threads = 스레드 수
# The About dialog.
about-what = 스토리지 벤치마크: CrystalDiskMark의 테스트를 네이티브 I/O 엔진으로 정확하게 측정합니다.
about-licence = 라이선스: { $licence }
about-home = 홈페이지: { $url }
about-docs = 측정 방법: { $method } · 보고서 형식: { $formats }
# The tabs of the pages.
page-grid = 그리드
page-sustained = 지속 쓰기
page-span = 장치 맵
page-qos = 부하 시 지연 시간
page-history = 기록
# A page's button that starts its run.
start = 시작
# The sustained page's size pick list.
fill-size = 쓰기
# A sustained write up to the free space (the CLI's default).
fill-free-space = 여유 공간까지 (여유분 제외)
# The sustained chart's x axis.
gb-written = 쓴 양 (GB)
# The device map's x axis.
position = 장치 내 위치 (%)
# A chart with no measured point yet.
nothing-measured = 아직 측정된 샘플이 없습니다
# The span page's device field.
span-device = 맵을 만들 장치 (/dev/…), 비워 두면 대상 폴더의 테스트 파일
# The QoS page before a run.
qos-what = RND4K Q1T1 읽기를 단독으로, 이어서 SEQ1M Q8T1이 두 번째 파일에 쓰는 동안 측정: p50, p99, p99.9 (docs/measurement.md#latency-under-load)
# The QoS page while it runs.
qos-running = 읽기를 단독으로 측정한 뒤 쓰기 부하 아래에서 측정하는 중…
# The history page with no run recorded.
no-history = 아직 기록된 실행이 없습니다: 파일 → 기록에 저장…으로 마지막 실행을 기록합니다
# The history page's hint.
choose-two = 비교할 실행 두 개를 선택하십시오
# The mark of the write cache's end on the sustained write's chart.
knee = 캐시 ≈ { $gb } GB
sustained-progress-rate = { $total } GB 중 { $done } GB 기록됨 · { $mbps } MB/s
# The sustained write's progress: $done of $total GB.
sustained-progress = { $total } GB 중 { $done } GB 기록됨
# What the sustained write page will run.
sustained-what-size = SEQ1M Q8T1로 대상 폴더에 { $gb } GB를 씁니다
sustained-what-free = SEQ1M Q8T1로 드라이브의 쓰기 캐시를 충분히 넘어설 때까지 씁니다 (여유 공간에서 여유분을 뺀 크기)
# What the device map page will run, and its progress.
span-what = 첫 바이트부터 마지막 바이트까지 순차 샘플을 측정한 뒤 랜덤 4 KiB 읽기 (읽기 전용)
span-progress = { $done } / { $total }
span-filling = 장치 맵: 테스트 파일 채우는 중, { $done } / { $total } GB
span-sample = 장치 맵: 샘플 { $done } / { $total } · { $rate } MB/s
span-access = 장치 맵: 랜덤 읽기 { $done } / { $total }
# A date and time in this language's order: $year (4 digits), $month and $day (2 digits), $time (hours:minutes, 24 h).
date-time = { $year }. { $month }. { $day }. { $time }
# Runs of the history database that could not be read.
unreadable-runs = 기록된 실행 { $n }개를 읽을 수 없어 목록에 표시되지 않습니다

# The Keyboard shortcuts dialog: what each shortcut does (the keys themselves are not translated).
key-run-all = 모든 테스트 실행
key-stop = 실행 중지 (또는 메뉴나 대화 상자 닫기)
key-open = 결과 열기
key-save-json = JSON 보고서 저장
key-save-card = 카드 이미지 저장
key-copy = 텍스트 보고서 복사
key-settings = 모든 설정
key-shortcuts = 이 단축키 목록
key-menus = 메뉴 (이어서 화살표 키, Enter, Escape)
key-menu-keys = 파일, 설정, 테마, 언어, 도움말
key-quit = 종료 (실행 중이면 먼저 중지)

### The settings (shared by the window and the TUI)

# Each setting's label: setting-<its command-line option>.
setting-profile = 프로필
setting-mix = +혼합
setting-mix-read = 혼합 읽기 %
setting-mode = 모드
setting-loops = 반복 횟수
setting-size = 크기
setting-measure = 측정 시간 (s)
setting-interval = 측정 간격 (s)
setting-warmup = 워밍업 (s)
setting-data = 데이터
# O_DIRECT is the flag's name: not translated.
setting-buffered = O_DIRECT
setting-drop-caches = 페이지 캐시 비우기
setting-drop-caches-hint = root: 각 읽기 반복 전에 페이지 캐시 전체를 비움
setting-strict = 엄격
setting-strict-hint = 정확한 Q와 T로만 실행하고, 안 되면 거부
setting-loop-stat = 반복 통계
# A switch's two values.
on = 켜짐
off = 꺼짐
# The profiles, as CrystalDiskMark names them.
profile-default = Default
profile-nvme = NVMe SSD
profile-peak = 최고 성능
profile-peak-nvme = 최고 성능 (NVMe SSD)
profile-real = 실성능
profile-demo = 데모
profile-custom = 사용자 지정
# What the tests do (the Mode setting).
mode-read-write = 읽기 + 쓰기
mode-read = 읽기 전용
mode-write = 쓰기 전용
mode-mix = 혼합 전용
# The test data (0x00 is a byte: not translated).
data-random = 랜덤
data-zeros = 모두 0x00
# Which of the loops' figures a cell shows.
stat-mean = 평균
stat-best = 최고
stat-median = 중앙값

### The terminal interface (TUI)

# The terminal interface's help: what each key does (the keys themselves are not translated).
tui-key-move = 시작, 테스트, 설정 사이를 이동
tui-key-change = 선택한 설정 변경
tui-key-start = 시작 (전체 또는 선택한 테스트), 설정에서는 변경
tui-key-stop = 실행 중인 벤치마크 중지 (테스트 파일은 삭제됨)
tui-key-target = 대상 경로 입력 (셸처럼 Ctrl-A Ctrl-E Ctrl-U Ctrl-W 사용)
tui-key-unit = 단위 전환: MB/s, GB/s, IOPS, µs
tui-key-save = 보고서를 텍스트 / JSON으로 저장 (diskmark_YYYYMMDDhhmmss)
tui-key-copy = 보고서를 클립보드에 복사 (OSC 52)
tui-key-pages = 페이지: 그리드, 지속 쓰기, 기록 (실행 중에는 불가)
tui-key-fill = 지속 쓰기: Enter로 시작, ← →로 크기 선택
tui-key-history = 기록: ↑ ↓ 스크롤, r 데이터베이스 다시 읽기
tui-key-quit = 종료
# The help box's title and its last line.
tui-keys = 키
tui-help-close = 아무 키나 누르면 이 도움말이 닫힙니다
# The title of the settings' block.
tui-settings = 설정
# The bottom line while a target path is typed: the text before and after the cursor.
tui-target-prompt = { " " }대상 경로: { $before }▏{ $after } (Enter 확인, Esc 취소, Ctrl-U 지우기){ " " }
# The bottom line: the keys of each page (the keys themselves are not translated).
tui-hint-grid = { " " }↑↓ 이동 · ←→ 변경 · Enter 시작 · Esc 중지 · s 저장 · ? 도움말 · q 종료{ " " }
tui-hint-fill = { " " }Enter 시작 · ←→ 크기 · Esc 중지 · Tab 페이지 · ? 도움말 · q 종료{ " " }
tui-hint-history = { " " }↑↓ 스크롤 · r 다시 읽기 · Tab 페이지 · ? 도움말 · q 종료{ " " }
# The line beside the Start button: profile, loops, file size, target, +Mix when on, unit.
tui-header = { "  " }{ $profile } · 반복 { $loops }회 · { $size } · { $target }{ $mix } · { $unit }
# The heading of the mix column: the read and write percentages.
tui-mix-heading = 혼합 { $read }/{ $write }
# A cell of a test that completed no I/O: no figure.
no-io = I/O 없음
# The status line.
tui-ready = 준비됨: Enter로 모든 테스트 시작, 테스트 행에서는 그 테스트만 시작
tui-finished = 완료. s: 보고서 저장 · J: JSON 저장 · c: 복사
tui-stopped = 중지됨. 테스트 파일을 삭제했습니다.
tui-interval = 측정 간격: { $seconds } s 후 다음 테스트
# While a loop runs: the test (SEQ1M Q8T1), its direction, the loop, the phase, the seconds left, the live speed.
tui-running = { $test } { $direction } · 반복 { $lp }/{ $loops } · { $phase } · { $left } s 남음
tui-running-rate = { $test } { $direction } · 반복 { $lp }/{ $loops } · { $phase } · { $left } s 남음 · { $mbps } MB/s
# A drive whose model is not known.
unknown = 알 수 없음
# The sustained write's page.
tui-fill-default-size = 기본값 (여유 공간에서 여유분을 뺀 크기, 최소 1 GiB)
tui-fill-head = { "  " }지속 쓰기 · { $test } · 크기: { $size } · { $target }
tui-fill-ready = 준비됨: Enter로 지속 쓰기 시작, ←→로 크기 선택 (대상, 엔진, 데이터, O_DIRECT는 그리드의 설정을 따름)
tui-fill-starting = 지속 쓰기 준비 중…
tui-fill-writing = 쓰는 중…
tui-fill-now = 기록됨: { $total } GB 중 { $done } GB · 아직 샘플 없음
tui-fill-now-rate = 기록됨: { $total } GB 중 { $done } GB · 현재 { $mbps } MB/s
tui-fill-chart = 쓴 양(GB)에 따른 MB/s
tui-fill-line = 지속 쓰기 { $total } GB 중 { $done } GB · { $rate } MB/s · { $left }
tui-left-unknown = 남은 시간 알 수 없음
# The history page.
tui-none = 없음
tui-history-db = 기록: { $db }
tui-history-reading = 기록 읽는 중…
tui-history-count = 실행 { $n }개 · { $first }–{ $last } 표시 중 (diskmark history show ID로 하나를 자세히 표시)
tui-col-id = ID
tui-col-date = 날짜
tui-col-profile = 프로필
tui-col-target = 대상
tui-col-figures = 수치
# Messages of the bottom line.
tui-stop-to-size = 크기를 변경하려면 실행을 중지하십시오 (Esc)
tui-stop-to-switch = 실행 중입니다: { $page } 페이지로 전환하기 전에 중지하십시오 (Esc)
tui-stop-to-change = 설정을 변경하려면 실행을 중지하십시오 (Esc)
tui-cannot-start = 시작할 수 없음: { $why }
tui-nothing-to-save = 아직 저장할 내용이 없습니다: 먼저 벤치마크를 실행하십시오
tui-saved = { $name }에 저장됨
tui-cannot-save = { $name }을(를) 저장할 수 없음: { $why }
tui-nothing-to-copy = 아직 복사할 내용이 없습니다: 먼저 벤치마크를 실행하십시오
tui-copied = 보고서를 클립보드에 복사했습니다 (OSC 52)
tui-cannot-copy = 복사할 수 없음: { $why }
tui-no-runs = 아직 저장된 실행이 없습니다: 실행할 때 --save를 추가하십시오
# The pages' tabs (lower case in the terminal).
tui-page-grid = 그리드
tui-page-fill = 지속 쓰기
tui-page-history = 기록

### The Language menu and the About dialog

# The Language menu's first entry: the language the desktop session asks for (LANG, LC_ALL, LC_MESSAGES); $name is that language's name.
language-system = 시스템 ({ $name })
# The language was changed but could not be remembered for the next start; $why is the system's reason.
not-remembered = 언어 설정을 저장하지 못해 다음 실행 시 유지되지 않습니다: { $why }
# A result file that is not diskmark's: $file its name, $why the reason (in English, from the core).
not-a-result = { $file }은(는) 올바른 diskmark 결과가 아닙니다: { $why }
