# diskmark: the messages of the window and the TUI (docs/i18n.md).
# SEQ1M, Q8T1, RND4K, MB/s, GB/s, IOPS and µs stay as they are in every language.

### The window

# Its name in itself, as the Language menu lists it.
language-name = Deutsch

# The button that runs every test.
all = Alles
# The button that stops the run.
stop = Stop
# Label of the target picker.
target = Ziel
# Label of the unit picker.
unit = Einheit
# Column headings.
read = Lesen
# Column heading.
write = Schreiben
# Column heading.
mix = Mix
# The status bar before a run.
ready = Bereit
# The status bar while a stop is under way.
stopping = Wird gestoppt…
# The status bar after a complete run.
finished = Fertig
# The status bar after a stopped run.
stopped = Angehalten: die abgeschlossenen Tests bleiben erhalten
# Heading of the notes panel.
notes = Hinweise
# The status bar while the test file is filled before the tests. $pct: a whole percentage.
prefill = Testdatei wird vorbereitet: { $pct } %
# The status bar between tests. $seconds: seconds left, one decimal.
interval = Intervall: { $seconds } s
# The same, with the loop's live speed.
running-rate = { $phase } · { $test } { $direction } · Durchlauf { $lp }/{ $loops } · { $mbps } MB/s
# The status bar while a loop runs. $phase: a phase-* message; $test: SEQ1M Q8T1 and the like (not translated); $direction: read, write or mix (the column headings); $lp of $loops: the loop.
running = { $phase } · { $test } { $direction } · Durchlauf { $lp }/{ $loops }
# The phases of a loop.
phase-warmup = Aufwärmen
phase-measure = Messen
phase-drain = Leeren
# The time left of the run. $clock: minutes:seconds.
time-left = noch { $clock }
# An error, before its sentence (the sentence itself comes from the measuring core, in English).
error = Fehler: { $sentence }
# The outputs written at the end. $names: file names.
written = geschrieben: { $names }
# Why the panel cannot be used now.
settings-locked = Zum Ändern der Einstellungen den Lauf stoppen
# Label of the engine buttons.
engine = Engine
# The picker's entry that opens the typed path.
choose-folder = Ordner wählen…
# Label of the typed folder path.
folder = Ordner
# Takes the typed folder.
use-folder = Übernehmen
# Gives the typed folder up.
cancel = Abbrechen
# Enter on an empty folder path.
no-folder = Fehler: den Pfad des Ordners eingeben, in dem die Testdatei angelegt werden soll
# A typed value that was not taken: $label the setting, $why the reason (English, from the core), $kept the value kept.
bad-value = Fehler: { $label }: { $why }; es bleibt bei { $kept }
# A native I/O engine that does not work on this machine; $why is the probe's reason (English).
engine-unavailable = { $name }: hier nicht verfügbar: { $why }
# A typed folder that is a block device.
not-a-folder = Fehler: das Ziel { $path } ist ein Blockgerät, kein Ordner; den Ordner wählen, in dem die Testdatei angelegt werden soll (die Befehlszeile testet Rohgeräte)
# The button that copies the text report.
copy = Bericht kopieren
# The button (and dialog title) that saves the text report.
save-text = Text speichern…
# The button (and dialog title) that saves the JSON report.
save-json = JSON speichern…
# The button (and dialog title) that saves the Markdown table.
save-markdown = Markdown speichern…
# The button (and dialog title) that saves the chart as PNG.
save-png = Diagramm speichern (PNG)…
# The entry (and dialog title) that saves the card as PNG.
save-card = Bild speichern (Karte)…
# The button that saves the run into the history.
save-history = Im Verlauf speichern…
# The button (and dialog title) that opens a result JSON.
open = Ergebnis öffnen…
# The file dialog's filter for text files.
file-kind-text = Text
# The path row's button that saves.
save = Speichern
# The path row's button that opens.
open-button = Öffnen
# The path row's button that opens the desktop's file dialog.
browse = Durchsuchen…
# The typed path's placeholder.
path-placeholder = /path/to/file
# The message line once the report is on the clipboard.
copied = der Textbericht ist in der Zwischenablage
# Saving with nothing to save.
nothing-to-save = noch nichts zu speichern: die Tests ausführen oder ein Ergebnis öffnen
# An action that saves nothing, asked to save.
cannot-save = diese Aktion liest eine Datei; sie speichert nichts
# Opening with no path typed.
no-file = die zu öffnende Ergebnisdatei angeben
# The label before the path field, for each file action.
path-save-text = Textbericht speichern unter
path-save-json = JSON-Bericht speichern unter
path-save-markdown = Markdown-Tabelle speichern unter
path-save-png = Diagramm (PNG) speichern unter
path-save-card = Karte (PNG) speichern unter
path-save-history = In der Verlaufsdatenbank speichern
path-open = Ergebnisdatei öffnen
# The status bar while a result file is shown instead of a run.
shown = { $file } wird angezeigt: die Werte stammen aus der Datei, nicht aus einem Lauf
# A run saved into the history database: $id its number, $db the database's path.
saved-as = als Lauf #{ $id } in { $db } gespeichert
# The chart could not be drawn; $why is the renderer's reason.
chart-failed = das Diagramm konnte nicht als PNG gezeichnet werden: { $why }
# Tests of an opened file that have no direction (read or write), left out of the grid.
no-direction = { $n ->
    [one] { $n } Test der Datei hat keine Richtung und wird nicht angezeigt
   *[other] { $n } Tests der Datei haben keine Richtung und werden nicht angezeigt
}
# The looks, as the Theme menu names them.
look-light = Hell
# A look.
look-dark = Dunkel
# A look.
look-high-contrast = Hoher Kontrast
# The comment field's placeholder.
comment = Kommentar (Bezeichnung des Ergebnisses)
# A column's heading, as CrystalDiskMark writes it: "Read [MB/s]". $direction: read, write or mix; $unit: MB/s, GB/s, IOPS or µs (never translated).
heading = { $direction } [{ $unit }]
# Figures with their units (the units stay as they are in every language).
mbps = { $v } MB/s
iops = { $v } IOPS
micros = { $us } µs
# The queue and threads that ran, when the engine adapted the test: "ran Q1T8".
ran = ausgeführt als { $qt }
gbps = { $v } GB/s
every-unit-mean = { $mbps } · { $gbps } · { $iops } · { $mean } im Mittel
# A cell's figure in every unit (its tooltip's first line).
every-unit = { $mbps } · { $gbps } · { $iops }
# The same with the 95 % confidence interval, $ci percent.
spread-ci = { $n ->
    [one] { $n } Durchlauf: { $min } – { $max } MB/s, ±{ $ci } % (95 % Konfidenz)
   *[other] { $n } Durchläufe: { $min } – { $max } MB/s, ±{ $ci } % (95 % Konfidenz)
}
# How much a cell's loops disagree: $n loops, from $min to $max MB/s.
spread = { $n ->
    [one] { $n } Durchlauf: { $min } – { $max } MB/s
   *[other] { $n } Durchläufe: { $min } – { $max } MB/s
}
# The menus' titles.
menu-file = Datei
# A menu's title.
menu-settings = Einstellungen
# A menu's title.
menu-theme = Thema
# A menu's title.
menu-language = Sprache
# A menu's title.
menu-help = Hilfe
# File's last entry.
quit = Beenden
# Settings' submenus and entries.
profile = Profil
# A submenu of Settings.
presets = Voreinstellungen
# A submenu of Settings.
test-data = Testdaten
# The entry and dialog that edit each row's test.
test-parameters = Testparameter…
# The entry and dialog with every setting.
all-settings = Alle Einstellungen…
# Theme's entry that follows the desktop.
look-system = System
# Help's entries.
shortcuts = Tastenkürzel…
# Help's entry.
about = Über diskmark…
# A dialog's button that closes it.
close = Schließen
# The test parameters' button that brings the profile's tests back.
reset-tests = Auf die Tests von CrystalDiskMark zurücksetzen
# The column headings of the Test parameters dialog.
param-test = Test
param-pattern = Muster
param-block = Block
param-queue = Warteschlange
param-threads = Threads
# The About dialog.
about-what = Ein Speicher-Benchmark: die Tests von CrystalDiskMark, korrekt gemessen, mit nativen I/O-Engines.
about-licence = Lizenz: { $licence }
about-home = Website: { $url }
about-docs = Methode: { $method } · Berichtsformate: { $formats }
# The tabs of the pages.
page-grid = Tabelle
page-sustained = Dauerschreiben
page-span = Gerätekarte
page-qos = Latenz unter Last
page-history = Verlauf
# A page's button that starts its run.
start = Start
# The sustained page's size pick list.
fill-size = Schreiben
# A sustained write up to the free space (the CLI's default).
fill-free-space = bis zum freien Speicherplatz (abzüglich einer Reserve)
# The sustained chart's x axis.
gb-written = GB geschrieben
# The device map's x axis.
position = Position auf dem Gerät (%)
# A chart with no measured point yet.
nothing-measured = noch kein Messwert
# The span page's device field.
span-device = Zu kartierendes Gerät (/dev/…), oder leer für die Testdatei des Zielordners
# The QoS page before a run.
qos-what = RND4K Q1T1 liest zuerst allein, dann während SEQ1M Q8T1 eine zweite Datei schreibt: p50, p99 und p99.9 (docs/measurement.md#latency-under-load)
# The QoS page while it runs.
qos-running = Die Lesezugriffe werden allein gemessen, dann unter Schreiblast…
# The history page with no run recorded.
no-history = Noch kein Lauf aufgezeichnet: Datei → Im Verlauf speichern… zeichnet den letzten Lauf auf
# The history page's hint.
choose-two = Zwei Läufe zum Vergleichen wählen
# The mark of the write cache's end on the sustained write's chart.
knee = Cache ≈ { $gb } GB
sustained-progress-rate = { $done } von { $total } GB geschrieben · { $mbps } MB/s
# The sustained write's progress: $done of $total GB.
sustained-progress = { $done } von { $total } GB geschrieben
# What the sustained write page will run.
sustained-what-size = SEQ1M Q8T1 schreibt { $gb } GB in den Zielordner
sustained-what-free = SEQ1M Q8T1 schreibt, bis der Schreibcache des Laufwerks deutlich überschritten ist (freier Speicherplatz abzüglich einer Reserve)
# What the device map page will run, and its progress.
span-what = Sequenzielle Stichproben vom ersten bis zum letzten Byte, dann zufällige 4-KiB-Lesezugriffe (nur lesend)
span-progress = { $done } von { $total }
span-filling = Gerätekarte: Testdatei wird gefüllt, { $done } von { $total } GB
span-sample = Gerätekarte: Stichprobe { $done } von { $total } · { $rate } MB/s
span-access = Gerätekarte: zufälliges Lesen { $done } von { $total }
# A date and time in this language's order: $year (4 digits), $month and $day (2 digits), $time (hours:minutes, 24 h).
date-time = { $day }.{ $month }.{ $year } { $time }
# Runs of the history database that could not be read.
unreadable-runs = { $n ->
    [one] { $n } aufgezeichneter Lauf konnte nicht gelesen werden und wird nicht aufgeführt
   *[other] { $n } aufgezeichnete Läufe konnten nicht gelesen werden und werden nicht aufgeführt
}

# The Keyboard shortcuts dialog: what each shortcut does (the keys themselves are not translated).
key-run-all = Alle Tests ausführen
key-stop = Den Lauf stoppen (oder ein Menü bzw. einen Dialog schließen)
key-open = Ein Ergebnis öffnen
key-save-json = Den JSON-Bericht speichern
key-save-card = Das Kartenbild speichern
key-copy = Den Textbericht kopieren
key-settings = Alle Einstellungen
key-shortcuts = Diese Tastenkürzel
key-menus = Die Menüs (dann die Pfeiltasten, Enter und Escape)
key-menu-keys = Datei, Einstellungen, Thema, Sprache, Hilfe
key-quit = Beenden (ein laufender Lauf wird zuerst gestoppt)

### The settings (shared by the window and the TUI)

# Each setting's label: setting-<its command-line option>.
setting-profile = Profil
setting-mix = +Mix
setting-mix-read = Mix Leseanteil %
setting-mode = Modus
setting-loops = Durchläufe
setting-size = Größe
setting-measure = Messzeit (s)
setting-interval = Intervall (s)
setting-warmup = Aufwärmen (s)
setting-data = Daten
# O_DIRECT is the flag's name: not translated.
setting-buffered = O_DIRECT
setting-drop-caches = Pagecache leeren
setting-drop-caches-hint = root: den gesamten Pagecache vor jedem Lese-Durchlauf
setting-strict = Strikt
setting-strict-hint = genau dieses Q und T, sonst ablehnen
setting-loop-stat = Durchlauf-Statistik
# A switch's two values.
on = ein
off = aus
# The profiles, as CrystalDiskMark names them.
profile-default = Standard
profile-nvme = NVMe SSD
profile-peak = Spitzenleistung
profile-peak-nvme = Spitzenleistung (NVMe SSD)
profile-real = Reelle Leistung
profile-demo = Demo
profile-custom = Benutzerdefiniert
# What the tests do (the Mode setting).
mode-read-write = Lesen + Schreiben
mode-read = Nur Lesen
mode-write = Nur Schreiben
mode-mix = Nur Mix
# The test data (0x00 is a byte: not translated).
data-random = Zufällig
data-zeros = Alle 0x00
# Which of the loops' figures a cell shows.
stat-mean = Mittelwert
stat-best = Bestwert
stat-median = Median

### The terminal interface (TUI)

# The terminal interface's help: what each key does (the keys themselves are not translated).
tui-key-move = zwischen Start, Tests und Einstellungen wechseln
tui-key-change = die gewählte Einstellung ändern
tui-key-start = starten (alle oder den gewählten Test); auf einer Einstellung: ändern
tui-key-stop = den laufenden Benchmark stoppen (die Testdatei wird entfernt)
tui-key-target = einen Zielpfad eingeben (Ctrl-A Ctrl-E Ctrl-U Ctrl-W wie in einer Shell)
tui-key-unit = die Einheit wechseln: MB/s, GB/s, IOPS, µs
tui-key-save = den Bericht als Text / JSON speichern (diskmark_YYYYMMDDhhmmss)
tui-key-copy = den Bericht in die Zwischenablage kopieren (OSC 52)
tui-key-pages = Seiten: Tabelle, Dauerschreiben, Verlauf (nicht während eines Laufs)
tui-key-fill = Dauerschreiben: Enter startet, ← → wählen die Größe
tui-key-history = Verlauf: ↑ ↓ blättern, r liest die Datenbank neu
tui-key-quit = beenden
# The help box's title and its last line.
tui-keys = Tasten
tui-help-close = eine beliebige Taste schließt diese Hilfe
# The title of the settings' block.
tui-settings = Einstellungen
# The bottom line while a target path is typed: the text before and after the cursor.
tui-target-prompt = { " " }Zielpfad: { $before }▏{ $after } (Enter übernehmen, Esc abbrechen, Ctrl-U leeren){ " " }
# The bottom line: the keys of each page (the keys themselves are not translated).
tui-hint-grid = { " " }↑↓ wählen · ←→ ändern · Enter starten · Esc stoppen · s speichern · ? Hilfe · q beenden{ " " }
tui-hint-fill = { " " }Enter starten · ←→ Größe · Esc stoppen · Tab Seite · ? Hilfe · q beenden{ " " }
tui-hint-history = { " " }↑↓ blättern · r neu lesen · Tab Seite · ? Hilfe · q beenden{ " " }
# The line beside the Start button: profile, loops, file size, target, +Mix when on, unit.
tui-header = { "  " }{ $profile } · { $loops ->
    [one] { $loops } Durchlauf
   *[other] { $loops } Durchläufe
} · { $size } · { $target }{ $mix } · { $unit }
# The heading of the mix column: the read and write percentages.
tui-mix-heading = Mix { $read }/{ $write }
# A cell of a test that completed no I/O: no figure.
no-io = kein I/O
# The status line.
tui-ready = Bereit: Enter startet alle Tests; auf einer Testzeile nur diesen Test
tui-finished = Fertig. s: Bericht speichern · J: JSON speichern · c: kopieren
tui-stopped = Angehalten. Die Testdatei wurde entfernt.
tui-interval = Intervall: nächster Test in { $seconds } s
# While a loop runs: the test (SEQ1M Q8T1), its direction, the loop, the phase, the seconds left, the live speed.
tui-running = { $test } { $direction } · Durchlauf { $lp }/{ $loops } · { $phase } · noch { $left } s
tui-running-rate = { $test } { $direction } · Durchlauf { $lp }/{ $loops } · { $phase } · noch { $left } s · { $mbps } MB/s
# A drive whose model is not known.
unknown = unbekannt
# The sustained write's page.
tui-fill-default-size = Standard (freier Speicherplatz abzüglich einer Reserve, mindestens 1 GiB)
tui-fill-head = { "  " }Dauerschreiben · { $test } · Größe: { $size } · { $target }
tui-fill-ready = Bereit: Enter startet ein Dauerschreiben; ←→ wählen die Größe (Ziel, Engine, Daten und O_DIRECT kommen aus den Einstellungen der Tabelle)
tui-fill-starting = Dauerschreiben wird vorbereitet…
tui-fill-writing = Wird geschrieben…
tui-fill-now = Geschrieben: { $done } von { $total } GB · noch kein Messwert
tui-fill-now-rate = Geschrieben: { $done } von { $total } GB · aktuell { $mbps } MB/s
tui-fill-chart = MB/s über geschriebene GB
tui-fill-line = Dauerschreiben { $done } von { $total } GB · { $rate } MB/s · { $left }
tui-left-unknown = Restzeit unbekannt
# The history page.
tui-none = keine
tui-history-db = Verlauf: { $db }
tui-history-reading = Verlauf wird gelesen…
tui-history-count = { $n ->
    [one] { $n } Lauf
   *[other] { $n } Läufe
} · { $first }–{ $last } angezeigt (diskmark history show ID zeigt einen vollständig)
tui-col-id = id
tui-col-date = datum
tui-col-profile = profil
tui-col-target = ziel
tui-col-figures = werte
# Messages of the bottom line.
tui-stop-to-size = den Lauf stoppen (Esc), um die Größe zu ändern
tui-stop-to-switch = ein Lauf ist aktiv: ihn vor dem Wechsel zur Seite { $page } stoppen (Esc)
tui-stop-to-change = den Lauf stoppen (Esc), um die Einstellungen zu ändern
tui-cannot-start = Start nicht möglich: { $why }
tui-nothing-to-save = noch nichts zu speichern: zuerst einen Benchmark ausführen
tui-saved = gespeichert unter { $name }
tui-cannot-save = { $name } kann nicht gespeichert werden: { $why }
tui-nothing-to-copy = noch nichts zu kopieren: zuerst einen Benchmark ausführen
tui-copied = Bericht in die Zwischenablage kopiert (OSC 52)
tui-cannot-copy = Kopieren nicht möglich: { $why }
tui-no-runs = noch keine Läufe gespeichert: --save an einen Lauf anhängen
# The pages' tabs (lower case in the terminal).
tui-page-grid = tabelle
tui-page-fill = dauerschreiben
tui-page-history = verlauf

### The Language menu and the About dialog

# The Language menu's first entry: the language the desktop session asks for (LANG, LC_ALL, LC_MESSAGES); $name is that language's name.
language-system = System ({ $name })
# The language was changed but could not be remembered for the next start; $why is the system's reason.
not-remembered = die Sprache wird nicht für den nächsten Start gespeichert: { $why }
# A result file that is not diskmark's: $file its name, $why the reason (in English, from the core).
not-a-result = { $file } ist kein gültiges diskmark-Ergebnis: { $why }
