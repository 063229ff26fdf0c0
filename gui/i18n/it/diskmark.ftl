# diskmark: i messaggi della finestra e della TUI (docs/i18n.md).
# SEQ1M, Q8T1, RND4K, MB/s, GB/s, IOPS e µs restano invariati in tutte le lingue.

### The window

language-name = Italiano

all = Tutto
stop = Stop
target = Destinazione
unit = Unità
read = Lettura
write = Scrittura
mix = Mix
ready = Pronto
stopping = Arresto in corso…
finished = Completato
stopped = Interrotto: i test completati vengono conservati
notes = Note
prefill = Preparazione del file di test: { $pct }%
interval = Pausa: { $seconds } s
running-rate = { $phase } · { $test } { $direction } · ciclo { $lp }/{ $loops } · { $mbps } MB/s
running = { $phase } · { $test } { $direction } · ciclo { $lp }/{ $loops }
phase-warmup = Riscaldamento
phase-measure = Misurazione
phase-drain = Svuotamento
time-left = mancano { $clock }
error = errore: { $sentence }
written = file scritti: { $names }
settings-locked = Interrompere l'esecuzione per modificare le impostazioni
engine = Motore
choose-folder = Scegli cartella…
folder = Cartella
use-folder = Usa
cancel = Annulla
no-folder = errore: digitare il percorso della cartella in cui creare il file di test
bad-value = errore: { $label }: { $why }; resta { $kept }
engine-unavailable = { $name }: non disponibile qui: { $why }
not-a-folder = errore: la destinazione { $path } è un dispositivo a blocchi, non una cartella; scegliere la cartella in cui creare il file di test (la riga di comando testa i dispositivi grezzi)
copy = Copia rapporto
save-text = Salva testo…
save-json = Salva JSON…
save-markdown = Salva Markdown…
save-png = Salva grafico (PNG)…
save-card = Salva immagine (scheda)…
save-history = Salva nella cronologia…
open = Apri risultato…
file-kind-text = Testo
save = Salva
open-button = Apri
browse = Sfoglia…
path-placeholder = /path/to/file
copied = il rapporto di testo è negli appunti
nothing-to-save = non c'è ancora nulla da salvare: eseguire i test o aprire un risultato
cannot-save = questa azione legge un file; non salva nulla
no-file = indicare il file di risultati da aprire
path-save-text = Salva il rapporto di testo in
path-save-json = Salva il rapporto JSON in
path-save-markdown = Salva la tabella Markdown in
path-save-png = Salva il grafico (PNG) in
path-save-card = Salva la scheda (PNG) in
path-save-history = Salva nel database della cronologia
path-open = Apri il file di risultati
shown = Visualizzazione di { $file }: i valori sono quelli del file, non di un'esecuzione
saved-as = salvato come esecuzione #{ $id } in { $db }
chart-failed = impossibile disegnare il grafico in PNG: { $why }
no-direction = { $n ->
    [one] { $n } test del file non ha una direzione e non viene mostrato
   *[other] { $n } test del file non hanno una direzione e non vengono mostrati
}
look-light = Chiaro
look-dark = Scuro
look-high-contrast = Contrasto elevato
comment = Commento (l'etichetta del risultato)
heading = { $direction } [{ $unit }]
mbps = { $v } MB/s
iops = { $v } IOPS
micros = { $us } µs
ran = eseguito con { $qt }
gbps = { $v } GB/s
every-unit-mean = { $mbps } · { $gbps } · { $iops } · { $mean } in media
every-unit = { $mbps } · { $gbps } · { $iops }
spread-ci = { $n ->
    [one] { $n } ciclo: { $min } – { $max } MB/s, ±{ $ci }% (confidenza al 95%)
   *[other] { $n } cicli: { $min } – { $max } MB/s, ±{ $ci }% (confidenza al 95%)
}
spread = { $n ->
    [one] { $n } ciclo: { $min } – { $max } MB/s
   *[other] { $n } cicli: { $min } – { $max } MB/s
}
menu-file = File
menu-settings = Impostazioni
menu-theme = Tema
menu-language = Lingua
menu-help = Aiuto
quit = Esci
profile = Profilo
presets = Preimpostazioni
test-data = Dati del test
test-parameters = Parametri dei test…
all-settings = Tutte le impostazioni…
look-system = Sistema
shortcuts = Scorciatoie da tastiera…
about = Info su diskmark…
close = Chiudi
reset-tests = Ripristina i test di CrystalDiskMark
param-test = Test
param-pattern = Schema
param-block = Blocco
param-queue = Coda
param-threads = Processi
about-what = Un benchmark per l'archiviazione: i test di CrystalDiskMark, misurati correttamente, con motori di I/O nativi.
about-licence = Licenza: { $licence }
about-home = Sito web: { $url }
about-docs = Metodo: { $method } · Formati dei rapporti: { $formats }
page-grid = Griglia
page-sustained = Scrittura sostenuta
page-span = Mappa del dispositivo
page-qos = Latenza sotto carico
page-history = Cronologia
start = Avvia
fill-size = Scrivi
fill-free-space = fino allo spazio libero (meno un margine)
gb-written = GB scritti
position = posizione sul dispositivo (%)
nothing-measured = nessun campione ancora misurato
span-device = Dispositivo da mappare (/dev/…), o vuoto per il file di test della cartella di destinazione
qos-what = Letture RND4K Q1T1 da sole, poi mentre SEQ1M Q8T1 scrive un secondo file: p50, p99 e p99.9 (docs/measurement.md#latency-under-load)
qos-running = Misurazione delle letture da sole, poi durante la scrittura…
no-history = Nessuna esecuzione ancora registrata: File → Salva nella cronologia… registra l'ultima esecuzione
choose-two = Scegliere due esecuzioni per confrontarle
knee = cache ≈ { $gb } GB
sustained-progress-rate = { $done } di { $total } GB scritti · { $mbps } MB/s
sustained-progress = { $done } di { $total } GB scritti
sustained-what-size = SEQ1M Q8T1 scrive { $gb } GB nella cartella di destinazione
sustained-what-free = SEQ1M Q8T1 scrive fino a superare ampiamente la cache di scrittura dell'unità (lo spazio libero meno un margine)
span-what = Campioni sequenziali dal primo all'ultimo byte, poi letture casuali da 4 KiB (sola lettura)
span-progress = { $done } di { $total }
span-filling = mappa del dispositivo: riempimento del file di test, { $done } di { $total } GB
span-sample = mappa del dispositivo: campione { $done } di { $total } · { $rate } MB/s
span-access = mappa del dispositivo: lettura casuale { $done } di { $total }
date-time = { $day }/{ $month }/{ $year } { $time }
unreadable-runs = { $n ->
    [one] { $n } esecuzione registrata non è leggibile e non è elencata
   *[other] { $n } esecuzioni registrate non sono leggibili e non sono elencate
}

key-run-all = Esegui tutti i test
key-stop = Interrompi l'esecuzione (o chiudi un menu o una finestra di dialogo)
key-open = Apri un risultato
key-save-json = Salva il rapporto JSON
key-save-card = Salva l'immagine della scheda
key-copy = Copia il rapporto di testo
key-settings = Tutte le impostazioni
key-shortcuts = Queste scorciatoie
key-menus = I menu (poi le frecce, Enter ed Escape)
key-menu-keys = File, Impostazioni, Tema, Lingua, Aiuto
key-quit = Esci (prima viene interrotta l'esecuzione in corso)

### The settings (shared by the window and the TUI)

setting-profile = Profilo
setting-mix = +Mix
setting-mix-read = Mix: % lettura
setting-mode = Modalità
setting-loops = Cicli
setting-size = Dimensione
setting-measure = Durata (s)
setting-interval = Intervallo (s)
setting-warmup = Riscaldamento (s)
setting-data = Dati
setting-buffered = O_DIRECT
setting-drop-caches = Svuota cache di pagina
setting-drop-caches-hint = root: l'intera cache di pagina prima di ogni ciclo di lettura
setting-strict = Rigoroso
setting-strict-hint = esattamente Q e T, altrimenti rifiuta
setting-loop-stat = Statistica dei cicli
on = attivo
off = disattivo
profile-default = Predefinito
profile-nvme = NVMe SSD
profile-peak = Prestazioni di picco
profile-peak-nvme = Prestazioni di picco (NVMe SSD)
profile-real = Prestazioni in condizioni reali
profile-demo = Demo
profile-custom = Personalizzato
mode-read-write = Lettura + scrittura
mode-read = Solo lettura
mode-write = Solo scrittura
mode-mix = Solo mix
data-random = Casuale
data-zeros = Tutti 0x00
stat-mean = Media
stat-best = Migliore
stat-median = Mediana

### The terminal interface (TUI)

tui-key-move = spostarsi tra Avvia, i test e le impostazioni
tui-key-change = modificare l'impostazione selezionata
tui-key-start = avviare (tutti i test, o quello selezionato); su un'impostazione: modificarla
tui-key-stop = interrompere il benchmark in corso (il file di test viene rimosso)
tui-key-target = digitare un percorso di destinazione (Ctrl-A Ctrl-E Ctrl-U Ctrl-W come in una shell)
tui-key-unit = cambiare unità a rotazione: MB/s, GB/s, IOPS, µs
tui-key-save = salvare il rapporto come testo / JSON (diskmark_YYYYMMDDhhmmss)
tui-key-copy = copiare il rapporto negli appunti (OSC 52)
tui-key-pages = pagine: griglia, scrittura sostenuta, cronologia (non durante un'esecuzione)
tui-key-fill = scrittura sostenuta: Enter la avvia, ← → ne scelgono la dimensione
tui-key-history = cronologia: ↑ ↓ scorrono, r rilegge il database
tui-key-quit = uscire
tui-keys = Tasti
tui-help-close = un tasto qualsiasi chiude questa guida
tui-settings = Impostazioni
tui-target-prompt = { " " }Percorso di destinazione: { $before }▏{ $after } (Enter conferma, Esc annulla, Ctrl-U cancella){ " " }
tui-hint-grid = { " " }↑↓ sposta · ←→ modifica · Enter avvia · Esc ferma · s salva · ? aiuto · q esci{ " " }
tui-hint-fill = { " " }Enter avvia · ←→ dimensione · Esc ferma · Tab pagina · ? aiuto · q esci{ " " }
tui-hint-history = { " " }↑↓ scorri · r rileggi · Tab pagina · ? aiuto · q esci{ " " }
tui-header = { "  " }{ $profile } · { $loops ->
    [one] { $loops } ciclo
   *[other] { $loops } cicli
} · { $size } · { $target }{ $mix } · { $unit }
tui-mix-heading = Mix { $read }/{ $write }
no-io = nessun I/O
tui-ready = Pronto: Enter avvia tutti i test; su una riga di test, solo quel test
tui-finished = Completato. s: salva rapporto · J: salva JSON · c: copia
tui-stopped = Interrotto. Il file di test è stato rimosso.
tui-interval = Pausa: prossimo test tra { $seconds } s
tui-running = { $test } { $direction } · ciclo { $lp }/{ $loops } · { $phase } · mancano { $left } s
tui-running-rate = { $test } { $direction } · ciclo { $lp }/{ $loops } · { $phase } · mancano { $left } s · { $mbps } MB/s
unknown = sconosciuto
tui-fill-default-size = predefinita (lo spazio libero meno un margine, almeno 1 GiB)
tui-fill-head = { "  " }Scrittura sostenuta · { $test } · dimensione: { $size } · { $target }
tui-fill-ready = Pronto: Enter avvia una scrittura sostenuta; ←→ ne scelgono la dimensione (le impostazioni della griglia determinano destinazione, motore, dati e O_DIRECT)
tui-fill-starting = Preparazione della scrittura sostenuta…
tui-fill-writing = Scrittura in corso…
tui-fill-now = Scritti: { $done } di { $total } GB · ancora nessun campione
tui-fill-now-rate = Scritti: { $done } di { $total } GB · ora { $mbps } MB/s
tui-fill-chart = MB/s rispetto ai GB scritti
tui-fill-line = scrittura sostenuta { $done } di { $total } GB · { $rate } MB/s · { $left }
tui-left-unknown = tempo rimanente sconosciuto
tui-none = nessuno
tui-history-db = Cronologia: { $db }
tui-history-reading = Lettura della cronologia…
tui-history-count = { $n ->
    [one] { $n } esecuzione
   *[other] { $n } esecuzioni
} · mostrate { $first }–{ $last } (diskmark history show ID ne mostra una per intero)
tui-col-id = id
tui-col-date = data
tui-col-profile = profilo
tui-col-target = destinazione
tui-col-figures = valori
tui-stop-to-size = interrompere l'esecuzione (Esc) per cambiare la dimensione
tui-stop-to-switch = un'esecuzione è in corso: interromperla (Esc) prima di passare alla pagina { $page }
tui-stop-to-change = interrompere l'esecuzione (Esc) per modificare le impostazioni
tui-cannot-start = impossibile avviare: { $why }
tui-nothing-to-save = ancora nulla da salvare: eseguire prima un benchmark
tui-saved = salvato in { $name }
tui-cannot-save = impossibile salvare { $name }: { $why }
tui-nothing-to-copy = ancora nulla da copiare: eseguire prima un benchmark
tui-copied = rapporto copiato negli appunti (OSC 52)
tui-cannot-copy = impossibile copiare: { $why }
tui-no-runs = nessuna esecuzione ancora salvata: aggiungere --save a un'esecuzione
tui-page-grid = griglia
tui-page-fill = scrittura sostenuta
tui-page-history = cronologia

### The Language menu and the About dialog

language-system = Sistema ({ $name })
not-remembered = la lingua non verrà ricordata: { $why }
not-a-result = { $file } non è un risultato valido di diskmark: { $why }
