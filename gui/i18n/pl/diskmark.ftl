# diskmark: komunikaty okna i interfejsu terminalowego (TUI), po polsku.
# SEQ1M, Q8T1, RND4K, MB/s, GB/s, IOPS i µs pozostają bez tłumaczenia.
# Liczba mnoga: one (1), few (2–4, 22–24…), many (0, 5–21, 25…), other (ułamki; tu jak many).

### The window

language-name = Polski

all = Wszystkie
stop = Stop
target = Cel
unit = Jednostka
read = Odczyt
write = Zapis
mix = Mix
ready = Gotowy
stopping = Zatrzymywanie…
finished = Zakończono
stopped = Zatrzymano: ukończone testy zostały zachowane
notes = Uwagi
prefill = Przygotowywanie pliku testowego: { $pct } %
interval = Przerwa: { $seconds } s
running-rate = { $phase } · { $test } { $direction } · pętla { $lp }/{ $loops } · { $mbps } MB/s
running = { $phase } · { $test } { $direction } · pętla { $lp }/{ $loops }
phase-warmup = Rozgrzewka
phase-measure = Pomiar
phase-drain = Opróżnianie
time-left = pozostało { $clock }
error = błąd: { $sentence }
written = zapisano: { $names }
settings-locked = Zatrzymaj przebieg, aby zmienić ustawienia
engine = Silnik
choose-folder = Wybierz katalog…
folder = Katalog
use-folder = Użyj
cancel = Anuluj
no-folder = błąd: wpisz ścieżkę katalogu, w którym ma zostać utworzony plik testowy
bad-value = błąd: { $label }: { $why }; pozostaje { $kept }
engine-unavailable = { $name }: niedostępny na tym komputerze: { $why }
not-a-folder = błąd: cel { $path } jest urządzeniem blokowym, a nie katalogiem; wybierz katalog, w którym ma zostać utworzony plik testowy (wiersz poleceń testuje surowe urządzenia)
copy = Kopiuj raport
save-text = Zapisz tekst…
save-json = Zapisz JSON…
save-markdown = Zapisz Markdown…
save-png = Zapisz wykres (PNG)…
save-card = Zapisz obraz (karta)…
save-history = Zapisz w historii…
open = Otwórz wynik…
file-kind-text = Tekst
save = Zapisz
open-button = Otwórz
browse = Przeglądaj…
path-placeholder = /path/to/file
copied = raport tekstowy jest w schowku
nothing-to-save = nie ma jeszcze nic do zapisania: uruchom testy lub otwórz wynik
cannot-save = ta akcja odczytuje plik; niczego nie zapisuje
no-file = podaj plik wyniku do otwarcia
path-save-text = Zapisz raport tekstowy do
path-save-json = Zapisz raport JSON do
path-save-markdown = Zapisz tabelę Markdown do
path-save-png = Zapisz wykres (PNG) do
path-save-card = Zapisz kartę (PNG) do
path-save-history = Zapisz w bazie danych historii
path-open = Otwórz plik wyniku
shown = Wyświetlanie pliku { $file }: wartości pochodzą z pliku, a nie z przebiegu
saved-as = zapisano jako przebieg #{ $id } w { $db }
chart-failed = nie udało się narysować wykresu jako PNG: { $why }
no-direction = { $n ->
    [one] { $n } test z pliku nie ma kierunku i nie jest wyświetlany
    [few] { $n } testy z pliku nie mają kierunku i nie są wyświetlane
    [many] { $n } testów z pliku nie ma kierunku i nie jest wyświetlanych
   *[other] { $n } testów z pliku nie ma kierunku i nie jest wyświetlanych
}
look-light = Jasny
look-dark = Ciemny
look-high-contrast = Wysoki kontrast
comment = Komentarz (etykieta wyniku)
heading = { $direction } [{ $unit }]
mbps = { $v } MB/s
iops = { $v } IOPS
micros = { $us } µs
ran = wykonano jako { $qt }
gbps = { $v } GB/s
every-unit-mean = { $mbps } · { $gbps } · { $iops } · średnio { $mean }
every-unit = { $mbps } · { $gbps } · { $iops }
spread-ci = { $n ->
    [one] { $n } pętla: { $min } – { $max } MB/s, ±{ $ci } % (poziom ufności 95 %)
    [few] { $n } pętle: { $min } – { $max } MB/s, ±{ $ci } % (poziom ufności 95 %)
    [many] { $n } pętli: { $min } – { $max } MB/s, ±{ $ci } % (poziom ufności 95 %)
   *[other] { $n } pętli: { $min } – { $max } MB/s, ±{ $ci } % (poziom ufności 95 %)
}
spread = { $n ->
    [one] { $n } pętla: { $min } – { $max } MB/s
    [few] { $n } pętle: { $min } – { $max } MB/s
    [many] { $n } pętli: { $min } – { $max } MB/s
   *[other] { $n } pętli: { $min } – { $max } MB/s
}
menu-file = Plik
menu-settings = Ustawienia
menu-theme = Wygląd
menu-language = Język
menu-help = Pomoc
quit = Wyjdź
profile = Profil
presets = Ustawienia wstępne
test-data = Dane testowe
test-parameters = Parametry testów…
all-settings = Wszystkie ustawienia…
look-system = Systemowy
shortcuts = Skróty klawiszowe…
about = O programie diskmark…
close = Zamknij
reset-tests = Przywróć testy CrystalDiskMark
param-test = Test
param-pattern = Wzorzec
param-block = Blok
param-queue = Kolejka
param-threads = Wątki
about-what = Test wydajności nośników danych: testy CrystalDiskMark, mierzone poprawnie, z natywnymi silnikami we/wy.
about-licence = Licencja: { $licence }
about-home = Strona domowa: { $url }
about-docs = Metoda: { $method } · Formaty raportów: { $formats }
page-grid = Siatka
page-sustained = Zapis ciągły
page-span = Mapa urządzenia
page-qos = Opóźnienie pod obciążeniem
page-history = Historia
start = Start
fill-size = Zapis
fill-free-space = do wolnego miejsca (pomniejszonego o margines)
gb-written = zapisane GB
position = pozycja na urządzeniu (%)
nothing-measured = brak zmierzonych próbek
span-device = Urządzenie do zmapowania (/dev/…) lub puste dla pliku testowego w katalogu docelowym
qos-what = Same odczyty RND4K Q1T1, a następnie odczyty podczas zapisu drugiego pliku przez SEQ1M Q8T1: p50, p99 i p99.9 (docs/measurement.md#latency-under-load)
qos-running = Pomiar samych odczytów, a następnie podczas zapisu…
no-history = Brak zapisanych przebiegów: Plik → Zapisz w historii… zapisuje ostatni przebieg
choose-two = Wybierz dwa przebiegi, aby je porównać
knee = cache ≈ { $gb } GB
sustained-progress-rate = zapisano { $done } z { $total } GB · { $mbps } MB/s
sustained-progress = zapisano { $done } z { $total } GB
sustained-what-size = SEQ1M Q8T1 zapisuje { $gb } GB w katalogu docelowym
sustained-what-free = SEQ1M Q8T1 zapisuje daleko poza pamięć podręczną zapisu dysku (wolne miejsce pomniejszone o margines)
span-what = Próbki sekwencyjne od pierwszego do ostatniego bajtu, następnie losowe odczyty 4 KiB (tylko odczyt)
span-progress = { $done } z { $total }
span-filling = mapa urządzenia: wypełnianie pliku testowego, { $done } z { $total } GB
span-sample = mapa urządzenia: próbka { $done } z { $total } · { $rate } MB/s
span-access = mapa urządzenia: losowy odczyt { $done } z { $total }
date-time = { $day }.{ $month }.{ $year } { $time }
unreadable-runs = { $n ->
    [one] { $n } zapisany przebieg nie mógł zostać odczytany i nie jest wyświetlany
    [few] { $n } zapisane przebiegi nie mogły zostać odczytane i nie są wyświetlane
    [many] { $n } zapisanych przebiegów nie mogło zostać odczytanych i nie jest wyświetlanych
   *[other] { $n } zapisanych przebiegów nie mogło zostać odczytanych i nie jest wyświetlanych
}

key-run-all = Uruchom wszystkie testy
key-stop = Zatrzymaj przebieg (lub zamknij menu albo okno dialogowe)
key-open = Otwórz wynik
key-save-json = Zapisz raport JSON
key-save-card = Zapisz obraz karty
key-copy = Kopiuj raport tekstowy
key-settings = Wszystkie ustawienia
key-shortcuts = Te skróty
key-menus = Menu (następnie strzałki, Enter i Escape)
key-menu-keys = Plik, Ustawienia, Wygląd, Język, Pomoc
key-quit = Wyjdź (trwający przebieg zostaje najpierw zatrzymany)

### The settings (shared by the window and the TUI)

setting-profile = Profil
setting-mix = +Mix
setting-mix-read = Odczyt w Mix %
setting-mode = Tryb
setting-loops = Pętle
setting-size = Rozmiar
setting-measure = Pomiar (s)
setting-interval = Przerwa (s)
setting-warmup = Rozgrzewka (s)
setting-data = Dane
setting-buffered = O_DIRECT
setting-drop-caches = Oczyść cache stron
setting-drop-caches-hint = root: cały cache stron przed każdą pętlą odczytu
setting-strict = Ścisły
setting-strict-hint = dokładne Q i T albo odmowa
setting-loop-stat = Statystyka pętli
on = wł.
off = wył.
profile-default = Domyślny
profile-nvme = NVMe SSD
profile-peak = Najwyższa wydajność
profile-peak-nvme = Najwyższa wydajność (NVMe SSD)
profile-real = Rzeczywista wydajność
profile-demo = Demonstracyjny
profile-custom = Własny
mode-read-write = Odczyt + zapis
mode-read = Tylko odczyt
mode-write = Tylko zapis
mode-mix = Tylko Mix
data-random = Losowe
data-zeros = Same 0x00
stat-mean = Średnia
stat-best = Najlepsza
stat-median = Mediana

### The terminal interface (TUI)

tui-key-move = przejście między przyciskiem Start, testami i ustawieniami
tui-key-change = zmiana wybranego ustawienia
tui-key-start = start (wszystkie testy lub wybrany test); na ustawieniu: zmiana
tui-key-stop = zatrzymanie trwającego testu (plik testowy zostaje usunięty)
tui-key-target = wpisanie ścieżki docelowej (Ctrl-A Ctrl-E Ctrl-U Ctrl-W jak w powłoce)
tui-key-unit = zmiana jednostki: MB/s, GB/s, IOPS, µs
tui-key-save = zapis raportu jako tekst / JSON (diskmark_YYYYMMDDhhmmss)
tui-key-copy = kopiowanie raportu do schowka (OSC 52)
tui-key-pages = strony: siatka, zapis ciągły, historia (nie w trakcie przebiegu)
tui-key-fill = zapis ciągły: Enter uruchamia, ← → wybierają rozmiar
tui-key-history = historia: ↑ ↓ przewijają, r ponownie odczytuje bazę danych
tui-key-quit = wyjście
tui-keys = Klawisze
tui-help-close = dowolny klawisz zamyka tę pomoc
tui-settings = Ustawienia
tui-target-prompt = { " " }Ścieżka docelowa: { $before }▏{ $after } (Enter akceptuj, Esc anuluj, Ctrl-U wyczyść){ " " }
tui-hint-grid = { " " }↑↓ ruch · ←→ zmiana · Enter start · Esc stop · s zapis · ? pomoc · q wyjście{ " " }
tui-hint-fill = { " " }Enter start · ←→ rozmiar · Esc stop · Tab strona · ? pomoc · q wyjście{ " " }
tui-hint-history = { " " }↑↓ przewijanie · r odśwież · Tab strona · ? pomoc · q wyjście{ " " }
tui-header = { "  " }{ $profile } · { $loops ->
    [one] { $loops } pętla
    [few] { $loops } pętle
    [many] { $loops } pętli
   *[other] { $loops } pętli
} · { $size } · { $target }{ $mix } · { $unit }
tui-mix-heading = Mix { $read }/{ $write }
no-io = brak we/wy
tui-ready = Gotowy: Enter uruchamia wszystkie testy; na wierszu testu – tylko ten test
tui-finished = Zakończono. s: zapisz raport · J: zapisz JSON · c: kopiuj
tui-stopped = Zatrzymano. Plik testowy został usunięty.
tui-interval = Przerwa: następny test za { $seconds } s
tui-running = { $test } { $direction } · pętla { $lp }/{ $loops } · { $phase } · pozostało { $left } s
tui-running-rate = { $test } { $direction } · pętla { $lp }/{ $loops } · { $phase } · pozostało { $left } s · { $mbps } MB/s
unknown = nieznany
tui-fill-default-size = domyślny (wolne miejsce pomniejszone o margines, co najmniej 1 GiB)
tui-fill-head = { "  " }Zapis ciągły · { $test } · rozmiar: { $size } · { $target }
tui-fill-ready = Gotowy: Enter uruchamia zapis ciągły; ←→ wybierają rozmiar (cel, silnik, dane i O_DIRECT pochodzą z ustawień siatki)
tui-fill-starting = Przygotowywanie zapisu ciągłego…
tui-fill-writing = Zapisywanie…
tui-fill-now = Zapisano: { $done } z { $total } GB · brak próbek
tui-fill-now-rate = Zapisano: { $done } z { $total } GB · teraz { $mbps } MB/s
tui-fill-chart = MB/s względem zapisanych GB
tui-fill-line = zapis ciągły { $done } z { $total } GB · { $rate } MB/s · { $left }
tui-left-unknown = pozostały czas nieznany
tui-none = brak
tui-history-db = Historia: { $db }
tui-history-reading = Odczytywanie historii…
tui-history-count = { $n ->
    [one] { $n } przebieg
    [few] { $n } przebiegi
    [many] { $n } przebiegów
   *[other] { $n } przebiegów
} · wyświetlane { $first }–{ $last } (diskmark history show ID pokazuje jeden w całości)
tui-col-id = id
tui-col-date = data
tui-col-profile = profil
tui-col-target = cel
tui-col-figures = wyniki
tui-stop-to-size = zatrzymaj przebieg (Esc), aby zmienić rozmiar
tui-stop-to-switch = trwa przebieg: zatrzymaj go (Esc) przed przejściem na stronę { $page }
tui-stop-to-change = zatrzymaj przebieg (Esc), aby zmienić ustawienia
tui-cannot-start = nie można uruchomić: { $why }
tui-nothing-to-save = nie ma jeszcze nic do zapisania: najpierw uruchom test
tui-saved = zapisano do { $name }
tui-cannot-save = nie można zapisać { $name }: { $why }
tui-nothing-to-copy = nie ma jeszcze nic do skopiowania: najpierw uruchom test
tui-copied = raport skopiowano do schowka (OSC 52)
tui-cannot-copy = nie można skopiować: { $why }
tui-no-runs = brak zapisanych przebiegów: uruchom test z opcją --save
tui-page-grid = siatka
tui-page-fill = zapis ciągły
tui-page-history = historia

### The Language menu and the About dialog

language-system = Systemowy ({ $name })
not-remembered = język nie zostanie zapamiętany: { $why }
not-a-result = { $file } nie jest prawidłowym wynikiem diskmark: { $why }
