# diskmark: zprávy okna a TUI (docs/i18n.md), čeština.
# SEQ1M, Q8T1, RND4K, MB/s, GB/s, IOPS a µs se nepřekládají.

### The window

language-name = Čeština

all = Vše
stop = Stop
target = Cíl
unit = Jednotka
read = Čtení
write = Zápis
mix = Mix
ready = Připraveno
stopping = Zastavování…
finished = Dokončeno
stopped = Zastaveno: dokončené testy zůstávají
notes = Poznámky
prefill = Příprava testovacího souboru: { $pct } %
interval = Prodleva: { $seconds } s
running-rate = { $phase } · { $test } { $direction } · smyčka { $lp }/{ $loops } · { $mbps } MB/s
running = { $phase } · { $test } { $direction } · smyčka { $lp }/{ $loops }
phase-warmup = Zahřívání
phase-measure = Měření
phase-drain = Dobíhání
time-left = zbývá { $clock }
error = chyba: { $sentence }
written = zapsáno: { $names }
settings-locked = Pro změnu nastavení zastavte běh
engine = Engine
choose-folder = Vybrat složku…
folder = Složka
use-folder = Použít
cancel = Zrušit
no-folder = chyba: zadejte cestu ke složce, ve které se má vytvořit testovací soubor
bad-value = chyba: { $label }: { $why }; zůstává { $kept }
engine-unavailable = { $name }: zde není k dispozici: { $why }
not-a-folder = chyba: cíl { $path } je blokové zařízení, ne složka; vyberte složku, ve které se má vytvořit testovací soubor (surová zařízení testuje příkazový řádek)
copy = Kopírovat zprávu
save-text = Uložit text…
save-json = Uložit JSON…
save-markdown = Uložit Markdown…
save-png = Uložit graf (PNG)…
save-card = Uložit obrázek (kartu)…
save-history = Uložit do historie…
open = Otevřít výsledek…
file-kind-text = Text
save = Uložit
open-button = Otevřít
browse = Procházet…
path-placeholder = /path/to/file
copied = textová zpráva je ve schránce
nothing-to-save = zatím není co uložit: spusťte testy nebo otevřete výsledek
cannot-save = tato akce čte soubor; nic neukládá
no-file = zadejte soubor s výsledkem, který se má otevřít
path-save-text = Uložit textovou zprávu do
path-save-json = Uložit zprávu JSON do
path-save-markdown = Uložit tabulku Markdown do
path-save-png = Uložit graf (PNG) do
path-save-card = Uložit kartu (PNG) do
path-save-history = Uložit do databáze historie
path-open = Otevřít soubor s výsledkem
shown = Zobrazuje se { $file }: hodnoty pocházejí ze souboru, ne z běhu
saved-as = uloženo jako běh č. { $id } v { $db }
chart-failed = graf nelze vykreslit jako PNG: { $why }
no-direction = { $n ->
    [one] { $n } test souboru nemá směr a není zobrazen
    [few] { $n } testy souboru nemají směr a nejsou zobrazeny
   *[other] { $n } testů souboru nemá směr a není zobrazeno
}
look-light = Světlý
look-dark = Tmavý
look-high-contrast = Vysoký kontrast
comment = Komentář (popisek výsledku)
heading = { $direction } [{ $unit }]
mbps = { $v } MB/s
iops = { $v } IOPS
micros = { $us } µs
ran = běželo jako { $qt }
gbps = { $v } GB/s
every-unit-mean = { $mbps } · { $gbps } · { $iops } · průměr { $mean }
every-unit = { $mbps } · { $gbps } · { $iops }
spread-ci = { $n ->
    [one] { $n } smyčka: { $min } – { $max } MB/s, ±{ $ci } % (spolehlivost 95 %)
    [few] { $n } smyčky: { $min } – { $max } MB/s, ±{ $ci } % (spolehlivost 95 %)
   *[other] { $n } smyček: { $min } – { $max } MB/s, ±{ $ci } % (spolehlivost 95 %)
}
spread = { $n ->
    [one] { $n } smyčka: { $min } – { $max } MB/s
    [few] { $n } smyčky: { $min } – { $max } MB/s
   *[other] { $n } smyček: { $min } – { $max } MB/s
}
menu-file = Soubor
menu-settings = Nastavení
menu-theme = Téma
menu-language = Jazyk
menu-help = Nápověda
quit = Konec
profile = Profil
presets = Předvolby
test-data = Testovací data
test-parameters = Parametry testů…
all-settings = Všechna nastavení…
look-system = Podle systému
shortcuts = Klávesové zkratky…
about = O aplikaci diskmark…
close = Zavřít
reset-tests = Obnovit testy CrystalDiskMark
param-test = Test
param-pattern = Vzor
param-block = Blok
param-queue = Fronty
param-threads = Vlákna
about-what = Nástroj pro měření výkonu úložišť: testy CrystalDiskMark, změřené správně, s nativními I/O enginy.
about-licence = Licence: { $licence }
about-home = Domovská stránka: { $url }
about-docs = Metoda: { $method } · Formáty zpráv: { $formats }
page-grid = Mřížka
page-sustained = Trvalý zápis
page-span = Mapa zařízení
page-qos = Latence pod zátěží
page-history = Historie
start = Spustit
fill-size = Zapsat
fill-free-space = až po volné místo (minus rezerva)
gb-written = Zapsáno GB
position = pozice na zařízení (%)
nothing-measured = zatím nebyl změřen žádný vzorek
span-device = Zařízení k mapování (/dev/…), nebo prázdné pro vlastní testovací soubor cílové složky
qos-what = RND4K Q1T1 čte samostatně, pak zatímco SEQ1M Q8T1 zapisuje druhý soubor: p50, p99 a p99.9 (docs/measurement.md#latency-under-load)
qos-running = Měří se samotné čtení, pak čtení při zápisu…
no-history = Zatím není zaznamenán žádný běh: Soubor → Uložit do historie… zaznamená poslední běh
choose-two = Vyberte dva běhy k porovnání
knee = mezipaměť ≈ { $gb } GB
sustained-progress-rate = zapsáno { $done } z { $total } GB · { $mbps } MB/s
sustained-progress = zapsáno { $done } z { $total } GB
sustained-what-size = SEQ1M Q8T1 zapíše { $gb } GB do cílové složky
sustained-what-free = SEQ1M Q8T1 zapisuje až daleko za hranici mezipaměti zápisu disku (volné místo minus rezerva)
span-what = Sekvenční vzorky od prvního bajtu po poslední, pak náhodná čtení 4 KiB (pouze čtení)
span-progress = { $done } z { $total }
span-filling = mapa zařízení: plnění testovacího souboru, { $done } z { $total } GB
span-sample = mapa zařízení: vzorek { $done } z { $total } · { $rate } MB/s
span-access = mapa zařízení: náhodné čtení { $done } z { $total }
date-time = { $day }.{ $month }.{ $year } { $time }
unreadable-runs = { $n ->
    [one] { $n } zaznamenaný běh nelze přečíst a není uveden
    [few] { $n } zaznamenané běhy nelze přečíst a nejsou uvedeny
   *[other] { $n } zaznamenaných běhů nelze přečíst a není uvedeno
}

key-run-all = Spustit všechny testy
key-stop = Zastavit běh (nebo zavřít nabídku či dialog)
key-open = Otevřít výsledek
key-save-json = Uložit zprávu JSON
key-save-card = Uložit obrázek karty
key-copy = Kopírovat textovou zprávu
key-settings = Všechna nastavení
key-shortcuts = Tyto zkratky
key-menus = Nabídky (pak šipky, Enter a Escape)
key-menu-keys = Soubor, Nastavení, Téma, Jazyk, Nápověda
key-quit = Ukončit (běh se nejprve zastaví)

### The settings (shared by the window and the TUI)

setting-profile = Profil
setting-mix = +Mix
setting-mix-read = Čtení v mixu %
setting-mode = Režim
setting-loops = Smyčky
setting-size = Velikost
setting-measure = Měření (s)
setting-interval = Prodleva (s)
setting-warmup = Zahřívání (s)
setting-data = Data
setting-buffered = O_DIRECT
setting-drop-caches = Vyprázdnit pagecache
setting-drop-caches-hint = root: celá mezipaměť stránek před každou smyčkou čtení
setting-strict = Striktně
setting-strict-hint = přesně dané Q a T, jinak odmítnout
setting-loop-stat = Statistika smyček
on = zapnuto
off = vypnuto
profile-default = Výchozí
profile-nvme = NVMe SSD
profile-peak = Výkon ve špičce
profile-peak-nvme = Výkon ve špičce (NVMe SSD)
profile-real = Skutečný běžný výkon
profile-demo = Demo
profile-custom = Vlastní
mode-read-write = Čtení + zápis
mode-read = Pouze čtení
mode-write = Pouze zápis
mode-mix = Pouze mix
data-random = Náhodné
data-zeros = Samé 0x00
stat-mean = Průměr
stat-best = Nejlepší
stat-median = Medián

### The terminal interface (TUI)

tui-key-move = pohyb mezi tlačítkem Spustit, testy a nastavením
tui-key-change = změnit vybrané nastavení
tui-key-start = spustit (vše, nebo vybraný test); na nastavení: změnit
tui-key-stop = zastavit běžící test (testovací soubor se odstraní)
tui-key-target = zadat cílovou cestu (Ctrl-A Ctrl-E Ctrl-U Ctrl-W jako v shellu)
tui-key-unit = přepínat jednotku: MB/s, GB/s, IOPS, µs
tui-key-save = uložit zprávu jako text / JSON (diskmark_YYYYMMDDhhmmss)
tui-key-copy = kopírovat zprávu do schránky (OSC 52)
tui-key-pages = stránky: mřížka, trvalý zápis, historie (ne během běhu)
tui-key-fill = trvalý zápis: Enter spustí, ← → volí velikost
tui-key-history = historie: ↑ ↓ posun, r znovu načte databázi
tui-key-quit = ukončit
tui-keys = Klávesy
tui-help-close = libovolná klávesa zavře tuto nápovědu
tui-settings = Nastavení
tui-target-prompt = { " " }Cílová cesta: { $before }▏{ $after } (Enter potvrdit, Esc zrušit, Ctrl-U vymazat){ " " }
tui-hint-grid = { " " }↑↓ pohyb · ←→ změna · Enter spustit · Esc stop · s uložit · ? nápověda · q konec{ " " }
tui-hint-fill = { " " }Enter spustit · ←→ velikost · Esc stop · Tab stránka · ? nápověda · q konec{ " " }
tui-hint-history = { " " }↑↓ posun · r znovu načíst · Tab stránka · ? nápověda · q konec{ " " }
tui-header = { "  " }{ $profile } · { $loops ->
    [one] { $loops } smyčka
    [few] { $loops } smyčky
   *[other] { $loops } smyček
} · { $size } · { $target }{ $mix } · { $unit }
tui-mix-heading = Mix { $read }/{ $write }
no-io = žádné I/O
tui-ready = Připraveno: Enter spustí všechny testy; na řádku testu jen tento test
tui-finished = Dokončeno. s: uložit zprávu · J: uložit JSON · c: kopírovat
tui-stopped = Zastaveno. Testovací soubor byl odstraněn.
tui-interval = Prodleva: další test za { $seconds } s
tui-running = { $test } { $direction } · smyčka { $lp }/{ $loops } · { $phase } · zbývá { $left } s
tui-running-rate = { $test } { $direction } · smyčka { $lp }/{ $loops } · { $phase } · zbývá { $left } s · { $mbps } MB/s
unknown = neznámý
tui-fill-default-size = výchozí (volné místo minus rezerva, nejméně 1 GiB)
tui-fill-head = { "  " }Trvalý zápis · { $test } · velikost: { $size } · { $target }
tui-fill-ready = Připraveno: Enter spustí trvalý zápis; ←→ volí jeho velikost (cíl, engine, data a O_DIRECT přebírá z nastavení mřížky)
tui-fill-starting = Příprava trvalého zápisu…
tui-fill-writing = Zápis…
tui-fill-now = Zapsáno: { $done } z { $total } GB · zatím žádný vzorek
tui-fill-now-rate = Zapsáno: { $done } z { $total } GB · nyní { $mbps } MB/s
tui-fill-chart = MB/s podle zapsaných GB
tui-fill-line = trvalý zápis { $done } z { $total } GB · { $rate } MB/s · { $left }
tui-left-unknown = zbývající čas neznámý
tui-none = žádný
tui-history-db = Historie: { $db }
tui-history-reading = Načítání historie…
tui-history-count = { $n ->
    [one] { $n } běh
    [few] { $n } běhy
   *[other] { $n } běhů
} · zobrazeno { $first }–{ $last } (diskmark history show ID zobrazí jeden celý)
tui-col-id = id
tui-col-date = datum
tui-col-profile = profil
tui-col-target = cíl
tui-col-figures = hodnoty
tui-stop-to-size = pro změnu velikosti zastavte běh (Esc)
tui-stop-to-switch = probíhá běh: před přepnutím na stránku { $page } jej zastavte (Esc)
tui-stop-to-change = pro změnu nastavení zastavte běh (Esc)
tui-cannot-start = nelze spustit: { $why }
tui-nothing-to-save = zatím není co uložit: nejprve spusťte test
tui-saved = uloženo do { $name }
tui-cannot-save = { $name } nelze uložit: { $why }
tui-nothing-to-copy = zatím není co kopírovat: nejprve spusťte test
tui-copied = zpráva zkopírována do schránky (OSC 52)
tui-cannot-copy = nelze kopírovat: { $why }
tui-no-runs = zatím nejsou uloženy žádné běhy: přidejte k běhu --save
tui-page-grid = mřížka
tui-page-fill = trvalý zápis
tui-page-history = historie

### The Language menu and the About dialog

language-system = Podle systému ({ $name })
not-remembered = jazyk si nebude pamatovat: { $why }
not-a-result = { $file } není platný výsledek programu diskmark: { $why }
