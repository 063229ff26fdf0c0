# diskmark: the messages of the window and the TUI (docs/i18n.md).
# SEQ1M, Q8T1, RND4K, MB/s, GB/s, IOPS and µs stay as they are in every language.

### The window

# Its name in itself, as the Language menu lists it.
language-name = English

# The button that runs every test.
all = All
# The button that stops the run.
stop = Stop
# Label of the target picker.
target = Target
# Label of the unit picker.
unit = Unit
# Column headings.
read = Read
# Column heading.
write = Write
# Column heading.
mix = Mix
# The status bar before a run.
ready = Ready
# The status bar while a stop is under way.
stopping = Stopping…
# The status bar after a complete run.
finished = Finished
# The status bar after a stopped run.
stopped = Stopped: the finished tests are kept
# Heading of the notes panel.
notes = Notes
# The status bar while the test file is filled before the tests. $pct: a whole percentage.
prefill = Preparing the test file: { $pct } %
# The status bar between tests. $seconds: seconds left, one decimal.
interval = Interval: { $seconds } s
# The same, with the loop's live speed.
running-rate = { $phase } · { $test } { $direction } · loop { $lp }/{ $loops } · { $mbps } MB/s
# The status bar while a loop runs. $phase: a phase-* message; $test: SEQ1M Q8T1 and the like (not translated); $direction: read, write or mix (the column headings); $lp of $loops: the loop.
running = { $phase } · { $test } { $direction } · loop { $lp }/{ $loops }
# The phases of a loop.
phase-warmup = Warm-up
phase-measure = Measuring
phase-drain = Draining
# The time left of the run. $clock: minutes:seconds.
time-left = { $clock } left
# An error, before its sentence (the sentence itself comes from the measuring core, in English).
error = error: { $sentence }
# The outputs written at the end. $names: file names.
written = written: { $names }
# Why the panel cannot be used now.
settings-locked = Stop the run to change the settings
# Label of the engine buttons.
engine = Engine
# The picker's entry that opens the typed path.
choose-folder = Choose folder…
# Label of the typed folder path.
folder = Folder
# Takes the typed folder.
use-folder = Use
# Gives the typed folder up.
cancel = Cancel
# Enter on an empty folder path.
no-folder = error: type the path of the folder in which to create the test file
# A typed value that was not taken: $label the setting, $why the reason (English, from the core), $kept the value kept.
bad-value = error: { $label }: { $why }; it stays { $kept }
# A native I/O engine that does not work on this machine; $why is the probe's reason (English).
engine-unavailable = { $name }: unavailable here: { $why }
# A typed folder that is a block device.
not-a-folder = error: target { $path } is a block device, not a folder; choose the folder in which to create the test file (the command line tests raw devices)
# The button that copies the text report.
copy = Copy report
# The button (and dialog title) that saves the text report.
save-text = Save text…
# The button (and dialog title) that saves the JSON report.
save-json = Save JSON…
# The button (and dialog title) that saves the Markdown table.
save-markdown = Save Markdown…
# The button (and dialog title) that saves the chart as PNG.
save-png = Save chart (PNG)…
# The entry (and dialog title) that saves the card as PNG.
save-card = Save image (card)…
# The button that saves the run into the history.
save-history = Save to history…
# The button (and dialog title) that opens a result JSON.
open = Open result…
# The file dialog's filter for text files.
file-kind-text = Text
# The path row's button that saves.
save = Save
# The path row's button that opens.
open-button = Open
# The path row's button that opens the desktop's file dialog.
browse = Browse…
# The typed path's placeholder.
path-placeholder = /path/to/file
# The message line once the report is on the clipboard.
copied = the text report is on the clipboard
# Saving with nothing to save.
nothing-to-save = there is nothing to save yet: run the tests or open a result
# An action that saves nothing, asked to save.
cannot-save = this action reads a file; it saves nothing
# Opening with no path typed.
no-file = give the result file to open
# The label before the path field, for each file action.
path-save-text = Save the text report to
path-save-json = Save the JSON report to
path-save-markdown = Save the Markdown table to
path-save-png = Save the chart (PNG) to
path-save-card = Save the card (PNG) to
path-save-history = Save into the history database
path-open = Open the result file
# The status bar while a result file is shown instead of a run.
shown = Showing { $file }: its figures are the file's, not a run's
# A run saved into the history database: $id its number, $db the database's path.
saved-as = saved as run #{ $id } in { $db }
# The chart could not be drawn; $why is the renderer's reason.
chart-failed = the chart could not be drawn as PNG: { $why }
# Tests of an opened file that have no direction (read or write), left out of the grid.
no-direction = { $n ->
    [one] { $n } test of the file has no direction and is not shown
   *[other] { $n } tests of the file have no direction and are not shown
}
# The looks, as the Theme menu names them.
look-light = Light
# A look.
look-dark = Dark
# A look.
look-high-contrast = High contrast
# The comment field's placeholder.
comment = Comment (the result's label)
# A column's heading, as CrystalDiskMark writes it: "Read [MB/s]". $direction: read, write or mix; $unit: MB/s, GB/s, IOPS or µs (never translated).
heading = { $direction } [{ $unit }]
# Figures with their units (the units stay as they are in every language).
mbps = { $v } MB/s
iops = { $v } IOPS
micros = { $us } µs
# The queue and threads that ran, when the engine adapted the test: "ran Q1T8".
ran = ran { $qt }
gbps = { $v } GB/s
every-unit-mean = { $mbps } · { $gbps } · { $iops } · { $mean } mean
# A cell's figure in every unit (its tooltip's first line).
every-unit = { $mbps } · { $gbps } · { $iops }
# The same with the 95 % confidence interval, $ci percent.
spread-ci = { $n ->
    [one] { $n } loop: { $min } – { $max } MB/s, ±{ $ci } % (95 % confidence)
   *[other] { $n } loops: { $min } – { $max } MB/s, ±{ $ci } % (95 % confidence)
}
# How much a cell's loops disagree: $n loops, from $min to $max MB/s.
spread = { $n ->
    [one] { $n } loop: { $min } – { $max } MB/s
   *[other] { $n } loops: { $min } – { $max } MB/s
}
# The menus' titles.
menu-file = File
# A menu's title.
menu-settings = Settings
# A menu's title.
menu-theme = Theme
# A menu's title.
menu-language = Language
# A menu's title.
menu-help = Help
# File's last entry.
quit = Quit
# Settings' submenus and entries.
profile = Profile
# A submenu of Settings.
presets = Presets
# A submenu of Settings.
test-data = Test data
# The entry and dialog that edit each row's test.
test-parameters = Test parameters…
# The entry and dialog with every setting.
all-settings = All settings…
# Theme's entry that follows the desktop.
look-system = System
# Help's entries.
shortcuts = Keyboard shortcuts…
# Help's entry.
about = About diskmark…
# A dialog's button that closes it.
close = Close
# The test parameters' button that brings the profile's tests back.
reset-tests = Reset to CrystalDiskMark's tests
# The column headings of the Test parameters dialog.
param-test = Test
param-pattern = Pattern
param-block = Block
param-queue = Queue
param-threads = Threads
# The About dialog.
about-what = A storage benchmark: CrystalDiskMark's tests, measured correctly, with native I/O engines.
about-licence = Licence: { $licence }
about-home = Home: { $url }
about-docs = Method: { $method } · Report formats: { $formats }
# The tabs of the pages.
page-grid = Grid
page-sustained = Sustained write
page-span = Device map
page-qos = Latency under load
page-history = History
# A page's button that starts its run.
start = Start
# The sustained page's size pick list.
fill-size = Write
# A sustained write up to the free space (the CLI's default).
fill-free-space = up to the free space (less a margin)
# The sustained chart's x axis.
gb-written = GB written
# The device map's x axis.
position = position on the device (%)
# A chart with no measured point yet.
nothing-measured = no sample measured yet
# The span page's device field.
span-device = Device to map (/dev/…), or empty for the target folder's own test file
# The QoS page before a run.
qos-what = RND4K Q1T1 reads alone, then while SEQ1M Q8T1 writes a second file: p50, p99 and p99.9 (docs/measurement.md#latency-under-load)
# The QoS page while it runs.
qos-running = Measuring the reads alone, then under the writer…
# The history page with no run recorded.
no-history = No run is recorded yet: File → Save to history… records the last run
# The history page's hint.
choose-two = Choose two runs to compare them
# The mark of the write cache's end on the sustained write's chart.
knee = cache ≈ { $gb } GB
sustained-progress-rate = { $done } of { $total } GB written · { $mbps } MB/s
# The sustained write's progress: $done of $total GB.
sustained-progress = { $done } of { $total } GB written
# What the sustained write page will run.
sustained-what-size = SEQ1M Q8T1 writes { $gb } GB into the target folder
sustained-what-free = SEQ1M Q8T1 writes until well past the drive's write cache (the free space less a margin)
# What the device map page will run, and its progress.
span-what = Sequential samples from the first byte to the last, then random 4 KiB reads (read-only)
span-progress = { $done } of { $total }
# The device map's status while it runs: filling its test file (GB), a sequential sample (with its MB/s), a random read.
span-filling = device map: filling the test file, { $done } of { $total } GB
span-sample = device map: sample { $done } of { $total } · { $rate } MB/s
span-access = device map: random read { $done } of { $total }
# A date and time in this language's order: $year (4 digits), $month and $day (2 digits), $time (hours:minutes, 24 h).
date-time = { $year }-{ $month }-{ $day } { $time }
# Runs of the history database that could not be read.
unreadable-runs = { $n ->
    [one] { $n } recorded run could not be read and is not listed
   *[other] { $n } recorded runs could not be read and are not listed
}

# The Keyboard shortcuts dialog: what each shortcut does (the keys themselves are not translated).
key-run-all = Run all the tests
key-stop = Stop the run (or close a menu or dialog)
key-open = Open a result
key-save-json = Save the JSON report
key-save-card = Save the card image
key-copy = Copy the text report
key-settings = All settings
key-shortcuts = These shortcuts
key-menus = The menus (then the arrows, Enter and Escape)
key-menu-keys = File, Settings, Theme, Language, Help
key-quit = Quit (a run is stopped first)

### The settings (shared by the window and the TUI)

# Each setting's label: setting-<its command-line option>.
setting-profile = Profile
setting-mix = +Mix
setting-mix-read = Mix read %
setting-mode = Mode
setting-loops = Loops
setting-size = Size
setting-measure = Measure (s)
setting-interval = Interval (s)
setting-warmup = Warm-up (s)
setting-data = Data
# O_DIRECT is the flag's name: not translated.
setting-buffered = O_DIRECT
setting-drop-caches = Flush page cache
setting-drop-caches-hint = root: the whole page cache before each read loop
setting-strict = Strict
setting-strict-hint = the exact Q and T, or refuse
setting-loop-stat = Loop statistic
# A switch's two values.
on = on
off = off
# The profiles, as CrystalDiskMark names them.
profile-default = Default
profile-nvme = NVMe SSD
profile-peak = Peak Performance
profile-peak-nvme = Peak Performance (NVMe SSD)
profile-real = Real World Performance
profile-demo = Demo
profile-custom = Custom
# What the tests do (the Mode setting).
mode-read-write = Read + Write
mode-read = Read only
mode-write = Write only
mode-mix = Mix only
# The test data (0x00 is a byte: not translated).
data-random = Random
data-zeros = All 0x00
# Which of the loops' figures a cell shows.
stat-mean = Mean
stat-best = Best
stat-median = Median

### The terminal interface (TUI)

# The terminal interface's help: what each key does (the keys themselves are not translated).
tui-key-move = move between Start, tests and settings
tui-key-change = change the selected setting
tui-key-start = start (all, or the selected test); on a setting: change
tui-key-stop = stop the running benchmark (the test file is removed)
tui-key-target = type a target path (Ctrl-A Ctrl-E Ctrl-U Ctrl-W as in a shell)
tui-key-unit = cycle the unit: MB/s, GB/s, IOPS, µs
tui-key-save = save the report as text / JSON (diskmark_YYYYMMDDhhmmss)
tui-key-copy = copy the report to the clipboard (OSC 52)
tui-key-pages = pages: grid, sustained write, history (not while a run goes)
tui-key-fill = sustained write: Enter starts, ← → choose its size
tui-key-history = history: ↑ ↓ scroll, r reads the database again
tui-key-quit = quit
# The help box's title and its last line.
tui-keys = Keys
tui-help-close = any key closes this help
# The title of the settings' block.
tui-settings = Settings
# The bottom line while a target path is typed: the text before and after the cursor.
tui-target-prompt = { " " }Target path: { $before }▏{ $after } (Enter accept, Esc cancel, Ctrl-U clear){ " " }
# The bottom line: the keys of each page (the keys themselves are not translated).
tui-hint-grid = { " " }↑↓ move · ←→ change · Enter start · Esc stop · s save · ? help · q quit{ " " }
tui-hint-fill = { " " }Enter start · ←→ size · Esc stop · Tab page · ? help · q quit{ " " }
tui-hint-history = { " " }↑↓ scroll · r read again · Tab page · ? help · q quit{ " " }
# The line beside the Start button: profile, loops, file size, target, +Mix when on, unit.
tui-header = { "  " }{ $profile } · { $loops ->
    [one] { $loops } loop
   *[other] { $loops } loops
} · { $size } · { $target }{ $mix } · { $unit }
# The heading of the mix column: the read and write percentages.
tui-mix-heading = Mix { $read }/{ $write }
# A cell of a test that completed no I/O: no figure.
no-io = no I/O
# The status line.
tui-ready = Ready: Enter starts all tests; on a test row, that test alone
tui-finished = Finished. s: save report · J: save JSON · c: copy
tui-stopped = Stopped. The test file was removed.
tui-interval = Interval: next test in { $seconds } s
# While a loop runs: the test (SEQ1M Q8T1), its direction, the loop, the phase, the seconds left, the live speed.
tui-running = { $test } { $direction } · loop { $lp }/{ $loops } · { $phase } · { $left } s left
tui-running-rate = { $test } { $direction } · loop { $lp }/{ $loops } · { $phase } · { $left } s left · { $mbps } MB/s
# A drive whose model is not known.
unknown = unknown
# The sustained write's page.
tui-fill-default-size = default (the free space minus a margin, at least 1 GiB)
tui-fill-head = { "  " }Sustained write · { $test } · size: { $size } · { $target }
tui-fill-ready = Ready: Enter starts a sustained write; ←→ choose its size (the grid's settings give the target, engine, data and O_DIRECT)
tui-fill-starting = Preparing the sustained write…
tui-fill-writing = Writing…
tui-fill-now = Written: { $done } of { $total } GB · no sample yet
tui-fill-now-rate = Written: { $done } of { $total } GB · { $mbps } MB/s now
tui-fill-chart = MB/s against GB written
tui-fill-line = sustained write { $done } of { $total } GB · { $rate } MB/s · { $left }
tui-left-unknown = time left unknown
# The history page.
tui-none = none
tui-history-db = History: { $db }
tui-history-reading = Reading the history…
tui-history-count = { $n ->
    [one] { $n } run
   *[other] { $n } runs
} · { $first }–{ $last } shown (diskmark history show ID shows one in full)
tui-col-id = id
tui-col-date = date
tui-col-profile = profile
tui-col-target = target
tui-col-figures = figures
# Messages of the bottom line.
tui-stop-to-size = stop the run (Esc) to change the size
tui-stop-to-switch = a run is going: stop it (Esc) before switching to the { $page } page
tui-stop-to-change = stop the run (Esc) to change settings
tui-cannot-start = cannot start: { $why }
tui-nothing-to-save = nothing to save yet: run a benchmark first
tui-saved = saved to { $name }
tui-cannot-save = cannot save { $name }: { $why }
tui-nothing-to-copy = nothing to copy yet: run a benchmark first
tui-copied = report copied to the clipboard (OSC 52)
tui-cannot-copy = cannot copy: { $why }
tui-no-runs = no runs saved yet: add --save to a run
# The pages' tabs (lower case in the terminal).
tui-page-grid = grid
tui-page-fill = sustained write
tui-page-history = history

### The Language menu and the About dialog

# The Language menu's first entry: the language the desktop session asks for (LANG, LC_ALL, LC_MESSAGES); $name is that language's name.
language-system = System ({ $name })
# The language was changed but could not be remembered for the next start; $why is the system's reason.
not-remembered = the language will not be remembered: { $why }
# A result file that is not diskmark's: $file its name, $why the reason (in English, from the core).
not-a-result = { $file } is not a valid diskmark result: { $why }
