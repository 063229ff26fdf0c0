# diskmark: the messages of the window and the TUI (docs/i18n.md).
# SEQ1M, Q8T1, RND4K, MB/s, GB/s, IOPS and µs stay as they are in every language.

### The window

# Its name in itself, as the Language menu lists it.
language-name = Français

# The button that runs every test.
all = Tout
# The button that stops the run.
stop = Arrêt
# Label of the target picker.
target = Cible
# Label of the unit picker.
unit = Unité
# Column headings.
read = Lecture
# Column heading.
write = Écriture
# Column heading.
mix = Mix
# The status bar before a run.
ready = Prêt
# The status bar while a stop is under way.
stopping = Arrêt en cours…
# The status bar after a complete run.
finished = Terminé
# The status bar after a stopped run.
stopped = Arrêté : les tests terminés sont conservés
# Heading of the notes panel.
notes = Notes
# The status bar while the test file is filled before the tests. $pct: a whole percentage.
prefill = Préparation du fichier de test : { $pct } %
# The status bar between tests. $seconds: seconds left, one decimal.
interval = Attente : { $seconds } s
# The same, with the loop's live speed.
running-rate = { $phase } · { $test } { $direction } · boucle { $lp }/{ $loops } · { $mbps } MB/s
# The status bar while a loop runs. $phase: a phase-* message; $test: SEQ1M Q8T1 and the like (not translated); $direction: read, write or mix (the column headings); $lp of $loops: the loop.
running = { $phase } · { $test } { $direction } · boucle { $lp }/{ $loops }
# The phases of a loop.
phase-warmup = Préchauffage
phase-measure = Mesure
phase-drain = Vidage
# The time left of the run. $clock: minutes:seconds.
time-left = reste { $clock }
# An error, before its sentence (the sentence itself comes from the measuring core, in English).
error = erreur : { $sentence }
# The outputs written at the end. $names: file names.
written = écrits : { $names }
# Why the panel cannot be used now.
settings-locked = Arrêter l'exécution pour modifier les paramètres
# Label of the engine buttons.
engine = Moteur
# The picker's entry that opens the typed path.
choose-folder = Choisir un dossier…
# Label of the typed folder path.
folder = Dossier
# Takes the typed folder.
use-folder = Utiliser
# Gives the typed folder up.
cancel = Annuler
# Enter on an empty folder path.
no-folder = erreur : saisir le chemin du dossier dans lequel créer le fichier de test
# A typed value that was not taken: $label the setting, $why the reason (English, from the core), $kept the value kept.
bad-value = erreur : { $label } : { $why } ; la valeur reste { $kept }
# A native I/O engine that does not work on this machine; $why is the probe's reason (English).
engine-unavailable = { $name } : indisponible ici : { $why }
# A typed folder that is a block device.
not-a-folder = erreur : la cible { $path } est un périphérique bloc, pas un dossier ; choisir le dossier dans lequel créer le fichier de test (la ligne de commande teste les périphériques bruts)
# The button that copies the text report.
copy = Copier le rapport
# The button (and dialog title) that saves the text report.
save-text = Enregistrer le texte…
# The button (and dialog title) that saves the JSON report.
save-json = Enregistrer le JSON…
# The button (and dialog title) that saves the Markdown table.
save-markdown = Enregistrer le Markdown…
# The button (and dialog title) that saves the chart as PNG.
save-png = Enregistrer le graphique (PNG)…
# The entry (and dialog title) that saves the card as PNG.
save-card = Enregistrer l'image (carte)…
# The button that saves the run into the history.
save-history = Enregistrer dans l'historique…
# The button (and dialog title) that opens a result JSON.
open = Ouvrir un résultat…
# The file dialog's filter for text files.
file-kind-text = Texte
# The path row's button that saves.
save = Enregistrer
# The path row's button that opens.
open-button = Ouvrir
# The path row's button that opens the desktop's file dialog.
browse = Parcourir…
# The typed path's placeholder.
path-placeholder = /path/to/file
# The message line once the report is on the clipboard.
copied = le rapport texte est dans le presse-papiers
# Saving with nothing to save.
nothing-to-save = rien à enregistrer pour l'instant : lancer les tests ou ouvrir un résultat
# An action that saves nothing, asked to save.
cannot-save = cette action lit un fichier ; elle n'enregistre rien
# Opening with no path typed.
no-file = indiquer le fichier de résultat à ouvrir
# The label before the path field, for each file action.
path-save-text = Enregistrer le rapport texte dans
path-save-json = Enregistrer le rapport JSON dans
path-save-markdown = Enregistrer le tableau Markdown dans
path-save-png = Enregistrer le graphique (PNG) dans
path-save-card = Enregistrer la carte (PNG) dans
path-save-history = Enregistrer dans la base de données de l'historique
path-open = Ouvrir le fichier de résultat
# The status bar while a result file is shown instead of a run.
shown = Affichage de { $file } : ses valeurs sont celles du fichier, pas d'une exécution
# A run saved into the history database: $id its number, $db the database's path.
saved-as = enregistré comme exécution n° { $id } dans { $db }
# The chart could not be drawn; $why is the renderer's reason.
chart-failed = le graphique n'a pas pu être dessiné en PNG : { $why }
# Tests of an opened file that have no direction (read or write), left out of the grid.
no-direction = { $n ->
    [one] { $n } test du fichier n'est ni en lecture ni en écriture et n'est pas affiché
   *[other] { $n } tests du fichier ne sont ni en lecture ni en écriture et ne sont pas affichés
}
# The looks, as the Theme menu names them.
look-light = Clair
# A look.
look-dark = Sombre
# A look.
look-high-contrast = Contraste élevé
# The comment field's placeholder.
comment = Commentaire (libellé du résultat)
# A column's heading, as CrystalDiskMark writes it: "Read [MB/s]". $direction: read, write or mix; $unit: MB/s, GB/s, IOPS or µs (never translated).
heading = { $direction } [{ $unit }]
# Figures with their units (the units stay as they are in every language).
mbps = { $v } MB/s
iops = { $v } IOPS
micros = { $us } µs
# The queue and threads that ran, when the engine adapted the test: "ran Q1T8".
ran = exécuté en { $qt }
gbps = { $v } GB/s
every-unit-mean = { $mbps } · { $gbps } · { $iops } · { $mean } en moyenne
# A cell's figure in every unit (its tooltip's first line).
every-unit = { $mbps } · { $gbps } · { $iops }
# The same with the 95 % confidence interval, $ci percent.
spread-ci = { $n ->
    [one] { $n } boucle : { $min } – { $max } MB/s, ±{ $ci } % (confiance à 95 %)
   *[other] { $n } boucles : { $min } – { $max } MB/s, ±{ $ci } % (confiance à 95 %)
}
# How much a cell's loops disagree: $n loops, from $min to $max MB/s.
spread = { $n ->
    [one] { $n } boucle : { $min } – { $max } MB/s
   *[other] { $n } boucles : { $min } – { $max } MB/s
}
# The menus' titles.
menu-file = Fichier
# A menu's title.
menu-settings = Paramètres
# A menu's title.
menu-theme = Thème
# A menu's title.
menu-language = Langue
# A menu's title.
menu-help = Aide
# File's last entry.
quit = Quitter
# Settings' submenus and entries.
profile = Profil
# A submenu of Settings.
presets = Préréglages
# A submenu of Settings.
test-data = Données de test
# The entry and dialog that edit each row's test.
test-parameters = Paramètres des tests…
# The entry and dialog with every setting.
all-settings = Tous les paramètres…
# Theme's entry that follows the desktop.
look-system = Système
# Help's entries.
shortcuts = Raccourcis clavier…
# Help's entry.
about = À propos de diskmark…
# A dialog's button that closes it.
close = Fermer
# The test parameters' button that brings the profile's tests back.
reset-tests = Rétablir les tests de CrystalDiskMark
# The column headings of the Test parameters dialog.
param-test = Test
param-pattern = Motif
param-block = Bloc
param-queue = File d'attente
param-threads = Threads
# The About dialog.
about-what = Un outil de test de performance du stockage : les tests de CrystalDiskMark, mesurés correctement, avec des moteurs d'E/S natifs.
about-licence = Licence : { $licence }
about-home = Site web : { $url }
about-docs = Méthode : { $method } · Formats de rapport : { $formats }
# The tabs of the pages.
page-grid = Tableau
page-sustained = Écriture soutenue
page-span = Carte du périphérique
page-qos = Latence sous charge
page-history = Historique
# A page's button that starts its run.
start = Lancer
# The sustained page's size pick list.
fill-size = Écrire
# A sustained write up to the free space (the CLI's default).
fill-free-space = jusqu'à l'espace libre (moins une marge)
# The sustained chart's x axis.
gb-written = GB écrits
# The device map's x axis.
position = position sur le périphérique (%)
# A chart with no measured point yet.
nothing-measured = aucun échantillon mesuré pour l'instant
# The span page's device field.
span-device = Périphérique à cartographier (/dev/…), ou vide pour le fichier de test du dossier cible
# The QoS page before a run.
qos-what = RND4K Q1T1 lit seul, puis pendant que SEQ1M Q8T1 écrit un second fichier : p50, p99 et p99.9 (docs/measurement.md#latency-under-load)
# The QoS page while it runs.
qos-running = Mesure des lectures seules, puis sous charge d'écriture…
# The history page with no run recorded.
no-history = Aucune exécution enregistrée pour l'instant : Fichier → Enregistrer dans l'historique… enregistre la dernière exécution
# The history page's hint.
choose-two = Choisir deux exécutions pour les comparer
# The mark of the write cache's end on the sustained write's chart.
knee = cache ≈ { $gb } GB
sustained-progress-rate = { $done } sur { $total } GB écrits · { $mbps } MB/s
# The sustained write's progress: $done of $total GB.
sustained-progress = { $done } sur { $total } GB écrits
# What the sustained write page will run.
sustained-what-size = SEQ1M Q8T1 écrit { $gb } GB dans le dossier cible
sustained-what-free = SEQ1M Q8T1 écrit jusqu'à bien dépasser le cache d'écriture du disque (l'espace libre moins une marge)
# What the device map page will run, and its progress.
span-what = Échantillons séquentiels du premier au dernier octet, puis lectures aléatoires de 4 KiB (lecture seule)
span-progress = { $done } sur { $total }
span-filling = carte du périphérique : remplissage du fichier de test, { $done } sur { $total } GB
span-sample = carte du périphérique : échantillon { $done } sur { $total } · { $rate } MB/s
span-access = carte du périphérique : lecture aléatoire { $done } sur { $total }
# A date and time in this language's order: $year (4 digits), $month and $day (2 digits), $time (hours:minutes, 24 h).
date-time = { $day }/{ $month }/{ $year } { $time }
# Runs of the history database that could not be read.
unreadable-runs = { $n ->
    [one] { $n } exécution enregistrée n'a pas pu être lue et n'est pas listée
   *[other] { $n } exécutions enregistrées n'ont pas pu être lues et ne sont pas listées
}

# The Keyboard shortcuts dialog: what each shortcut does (the keys themselves are not translated).
key-run-all = Lancer tous les tests
key-stop = Arrêter l'exécution (ou fermer un menu ou une boîte de dialogue)
key-open = Ouvrir un résultat
key-save-json = Enregistrer le rapport JSON
key-save-card = Enregistrer l'image de la carte
key-copy = Copier le rapport texte
key-settings = Tous les paramètres
key-shortcuts = Ces raccourcis
key-menus = Les menus (puis les flèches, Enter et Escape)
key-menu-keys = Fichier, Paramètres, Thème, Langue, Aide
key-quit = Quitter (une exécution en cours est d'abord arrêtée)

### The settings (shared by the window and the TUI)

# Each setting's label: setting-<its command-line option>.
setting-profile = Profil
setting-mix = +Mix
setting-mix-read = Mix lecture %
setting-mode = Mode
setting-loops = Boucles
setting-size = Taille
setting-measure = Mesure (s)
setting-interval = Attente (s)
setting-warmup = Préchauffage (s)
setting-data = Données
# O_DIRECT is the flag's name: not translated.
setting-buffered = O_DIRECT
setting-drop-caches = Vider le cache des pages
setting-drop-caches-hint = root : tout le cache des pages avant chaque boucle de lecture
setting-strict = Strict
setting-strict-hint = Q et T exacts, sinon refuser
setting-loop-stat = Statistique des boucles
# A switch's two values.
on = activé
off = désactivé
# The profiles, as CrystalDiskMark names them.
profile-default = Par défaut
profile-nvme = NVMe SSD
profile-peak = Performance de pointe
profile-peak-nvme = Performance de pointe (NVMe SSD)
profile-real = Performance réelle
profile-demo = Démo
profile-custom = Personnalisé
# What the tests do (the Mode setting).
mode-read-write = Lecture + écriture
mode-read = Lecture seule
mode-write = Écriture seule
mode-mix = Mix seul
# The test data (0x00 is a byte: not translated).
data-random = Aléatoire
data-zeros = Uniquement 0x00
# Which of the loops' figures a cell shows.
stat-mean = Moyenne
stat-best = Meilleure
stat-median = Médiane

### The terminal interface (TUI)

# The terminal interface's help: what each key does (the keys themselves are not translated).
tui-key-move = se déplacer entre Lancer, les tests et les paramètres
tui-key-change = modifier le paramètre sélectionné
tui-key-start = lancer (tout, ou le test sélectionné) ; sur un paramètre : modifier
tui-key-stop = arrêter le test de performance en cours (le fichier de test est supprimé)
tui-key-target = saisir un chemin cible (Ctrl-A Ctrl-E Ctrl-U Ctrl-W comme dans un shell)
tui-key-unit = changer d'unité : MB/s, GB/s, IOPS, µs
tui-key-save = enregistrer le rapport en texte / JSON (diskmark_YYYYMMDDhhmmss)
tui-key-copy = copier le rapport dans le presse-papiers (OSC 52)
tui-key-pages = pages : tableau, écriture soutenue, historique (pas pendant une exécution)
tui-key-fill = écriture soutenue : Enter lance, ← → choisissent la taille
tui-key-history = historique : ↑ ↓ font défiler, r relit la base de données
tui-key-quit = quitter
# The help box's title and its last line.
tui-keys = Touches
tui-help-close = une touche quelconque ferme cette aide
# The title of the settings' block.
tui-settings = Paramètres
# The bottom line while a target path is typed: the text before and after the cursor.
tui-target-prompt = { " " }Chemin cible : { $before }▏{ $after } (Enter valider, Esc annuler, Ctrl-U effacer){ " " }
# The bottom line: the keys of each page (the keys themselves are not translated).
tui-hint-grid = { " " }↑↓ déplacer · ←→ modifier · Enter lancer · Esc arrêter · s enregistrer · ? aide · q quitter{ " " }
tui-hint-fill = { " " }Enter lancer · ←→ taille · Esc arrêter · Tab page · ? aide · q quitter{ " " }
tui-hint-history = { " " }↑↓ défiler · r relire · Tab page · ? aide · q quitter{ " " }
# The line beside the Start button: profile, loops, file size, target, +Mix when on, unit.
tui-header = { "  " }{ $profile } · { $loops ->
    [one] { $loops } boucle
   *[other] { $loops } boucles
} · { $size } · { $target }{ $mix } · { $unit }
# The heading of the mix column: the read and write percentages.
tui-mix-heading = Mix { $read }/{ $write }
# A cell of a test that completed no I/O: no figure.
no-io = aucune E/S
# The status line.
tui-ready = Prêt : Enter lance tous les tests ; sur la ligne d'un test, ce test seul
tui-finished = Terminé. s : enregistrer le rapport · J : enregistrer le JSON · c : copier
tui-stopped = Arrêté. Le fichier de test a été supprimé.
tui-interval = Attente : test suivant dans { $seconds } s
# While a loop runs: the test (SEQ1M Q8T1), its direction, the loop, the phase, the seconds left, the live speed.
tui-running = { $test } { $direction } · boucle { $lp }/{ $loops } · { $phase } · reste { $left } s
tui-running-rate = { $test } { $direction } · boucle { $lp }/{ $loops } · { $phase } · reste { $left } s · { $mbps } MB/s
# A drive whose model is not known.
unknown = inconnu
# The sustained write's page.
tui-fill-default-size = par défaut (l'espace libre moins une marge, au moins 1 GiB)
tui-fill-head = { "  " }Écriture soutenue · { $test } · taille : { $size } · { $target }
tui-fill-ready = Prêt : Enter lance une écriture soutenue ; ←→ choisissent sa taille (les paramètres du tableau donnent la cible, le moteur, les données et O_DIRECT)
tui-fill-starting = Préparation de l'écriture soutenue…
tui-fill-writing = Écriture en cours…
tui-fill-now = Écrit : { $done } sur { $total } GB · aucun échantillon pour l'instant
tui-fill-now-rate = Écrit : { $done } sur { $total } GB · { $mbps } MB/s actuellement
tui-fill-chart = MB/s en fonction des GB écrits
tui-fill-line = écriture soutenue { $done } sur { $total } GB · { $rate } MB/s · { $left }
tui-left-unknown = temps restant inconnu
# The history page.
tui-none = aucune
tui-history-db = Historique : { $db }
tui-history-reading = Lecture de l'historique…
tui-history-count = { $n ->
    [one] { $n } exécution
   *[other] { $n } exécutions
} · { $first }–{ $last } affichées (diskmark history show ID en affiche une en entier)
tui-col-id = id
tui-col-date = date
tui-col-profile = profil
tui-col-target = cible
tui-col-figures = valeurs
# Messages of the bottom line.
tui-stop-to-size = arrêter l'exécution (Esc) pour changer la taille
tui-stop-to-switch = une exécution est en cours : l'arrêter (Esc) avant de passer à la page { $page }
tui-stop-to-change = arrêter l'exécution (Esc) pour modifier les paramètres
tui-cannot-start = impossible de lancer : { $why }
tui-nothing-to-save = rien à enregistrer pour l'instant : lancer d'abord un test
tui-saved = enregistré dans { $name }
tui-cannot-save = impossible d'enregistrer { $name } : { $why }
tui-nothing-to-copy = rien à copier pour l'instant : lancer d'abord un test
tui-copied = rapport copié dans le presse-papiers (OSC 52)
tui-cannot-copy = impossible de copier : { $why }
tui-no-runs = aucune exécution enregistrée pour l'instant : ajouter --save à une exécution
# The pages' tabs (lower case in the terminal).
tui-page-grid = tableau
tui-page-fill = écriture soutenue
tui-page-history = historique

### The Language menu and the About dialog

# The Language menu's first entry: the language the desktop session asks for (LANG, LC_ALL, LC_MESSAGES); $name is that language's name.
language-system = Système ({ $name })
# The language was changed but could not be remembered for the next start; $why is the system's reason.
not-remembered = la langue ne sera pas mémorisée pour le prochain démarrage : { $why }
# A result file that is not diskmark's: $file its name, $why the reason (in English, from the core).
not-a-result = { $file } n'est pas un résultat diskmark valide : { $why }
