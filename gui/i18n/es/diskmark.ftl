# diskmark: los mensajes de la ventana y de la TUI (docs/i18n.md).
# SEQ1M, Q8T1, RND4K, MB/s, GB/s, IOPS y µs se quedan como están en todos los idiomas.

### The window

language-name = Español

all = Todo
stop = Detener
target = Destino
unit = Unidad
read = Lectura
write = Escritura
mix = Mezcla
ready = Listo
stopping = Deteniendo…
finished = Finalizado
stopped = Detenido: se conservan las pruebas terminadas
notes = Notas
prefill = Preparando el archivo de prueba: { $pct } %
interval = Intervalo: { $seconds } s
running-rate = { $phase } · { $test } { $direction } · bucle { $lp }/{ $loops } · { $mbps } MB/s
running = { $phase } · { $test } { $direction } · bucle { $lp }/{ $loops }
phase-warmup = Calentamiento
phase-measure = Midiendo
phase-drain = Vaciando
time-left = quedan { $clock }
error = error: { $sentence }
written = archivos escritos: { $names }
settings-locked = Detenga la ejecución para cambiar los ajustes
engine = Motor
choose-folder = Elegir carpeta…
folder = Carpeta
use-folder = Usar
cancel = Cancelar
no-folder = error: escriba la ruta de la carpeta en la que crear el archivo de prueba
bad-value = error: { $label }: { $why }; se mantiene { $kept }
engine-unavailable = { $name }: no disponible aquí: { $why }
not-a-folder = error: el destino { $path } es un dispositivo de bloques, no una carpeta; elija la carpeta en la que crear el archivo de prueba (la línea de comandos prueba dispositivos sin formato)
copy = Copiar informe
save-text = Guardar texto…
save-json = Guardar JSON…
save-markdown = Guardar Markdown…
save-png = Guardar gráfico (PNG)…
save-card = Guardar imagen (tarjeta)…
save-history = Guardar en el historial…
open = Abrir resultado…
file-kind-text = Texto
save = Guardar
open-button = Abrir
browse = Examinar…
path-placeholder = /path/to/file
copied = el informe de texto está en el portapapeles
nothing-to-save = todavía no hay nada que guardar: ejecute las pruebas o abra un resultado
cannot-save = esta acción lee un archivo; no guarda nada
no-file = indique el archivo de resultados que desea abrir
path-save-text = Guardar el informe de texto en
path-save-json = Guardar el informe JSON en
path-save-markdown = Guardar la tabla Markdown en
path-save-png = Guardar el gráfico (PNG) en
path-save-card = Guardar la tarjeta (PNG) en
path-save-history = Guardar en la base de datos del historial
path-open = Abrir el archivo de resultados
shown = Mostrando { $file }: las cifras son las del archivo, no las de una ejecución
saved-as = guardado como ejecución #{ $id } en { $db }
chart-failed = no se pudo dibujar el gráfico como PNG: { $why }
no-direction = { $n ->
    [one] { $n } prueba del archivo no tiene dirección y no se muestra
   *[other] { $n } pruebas del archivo no tienen dirección y no se muestran
}
look-light = Claro
look-dark = Oscuro
look-high-contrast = Alto contraste
comment = Comentario (la etiqueta del resultado)
heading = { $direction } [{ $unit }]
mbps = { $v } MB/s
iops = { $v } IOPS
micros = { $us } µs
ran = ejecutado con { $qt }
gbps = { $v } GB/s
every-unit-mean = { $mbps } · { $gbps } · { $iops } · { $mean } de media
every-unit = { $mbps } · { $gbps } · { $iops }
spread-ci = { $n ->
    [one] { $n } bucle: { $min } – { $max } MB/s, ±{ $ci } % (confianza del 95 %)
   *[other] { $n } bucles: { $min } – { $max } MB/s, ±{ $ci } % (confianza del 95 %)
}
spread = { $n ->
    [one] { $n } bucle: { $min } – { $max } MB/s
   *[other] { $n } bucles: { $min } – { $max } MB/s
}
menu-file = Archivo
menu-settings = Ajustes
menu-theme = Tema
menu-language = Idioma
menu-help = Ayuda
quit = Salir
profile = Perfil
presets = Preajustes
test-data = Datos de prueba
test-parameters = Parámetros de prueba…
all-settings = Todos los ajustes…
look-system = Sistema
shortcuts = Atajos de teclado…
about = Acerca de diskmark…
close = Cerrar
reset-tests = Restablecer las pruebas de CrystalDiskMark
param-test = Prueba
param-pattern = Patrón
param-block = Bloque
param-queue = Cola
param-threads = Hilos
about-what = Una herramienta para medir el rendimiento del almacenamiento: las pruebas de CrystalDiskMark, medidas correctamente, con motores de E/S nativos.
about-licence = Licencia: { $licence }
about-home = Sitio web: { $url }
about-docs = Método: { $method } · Formatos de informe: { $formats }
page-grid = Tabla
page-sustained = Escritura sostenida
page-span = Mapa del dispositivo
page-qos = Latencia bajo carga
page-history = Historial
start = Iniciar
fill-size = Escribir
fill-free-space = hasta el espacio libre (menos un margen)
gb-written = GB escritos
position = posición en el dispositivo (%)
nothing-measured = aún no se ha medido ninguna muestra
span-device = Dispositivo que mapear (/dev/…), o vacío para el propio archivo de prueba de la carpeta de destino
qos-what = Lecturas RND4K Q1T1 solas y luego mientras SEQ1M Q8T1 escribe un segundo archivo: p50, p99 y p99.9 (docs/measurement.md#latency-under-load)
qos-running = Midiendo las lecturas solas y luego durante la escritura…
no-history = Aún no hay ninguna ejecución registrada: Archivo → Guardar en el historial… registra la última ejecución
choose-two = Elija dos ejecuciones para compararlas
knee = caché ≈ { $gb } GB
sustained-progress-rate = { $done } de { $total } GB escritos · { $mbps } MB/s
sustained-progress = { $done } de { $total } GB escritos
sustained-what-size = SEQ1M Q8T1 escribe { $gb } GB en la carpeta de destino
sustained-what-free = SEQ1M Q8T1 escribe hasta superar con holgura la caché de escritura de la unidad (el espacio libre menos un margen)
span-what = Muestras secuenciales desde el primer byte hasta el último y luego lecturas aleatorias de 4 KiB (solo lectura)
span-progress = { $done } de { $total }
span-filling = mapa del dispositivo: llenando el archivo de prueba, { $done } de { $total } GB
span-sample = mapa del dispositivo: muestra { $done } de { $total } · { $rate } MB/s
span-access = mapa del dispositivo: lectura aleatoria { $done } de { $total }
date-time = { $day }/{ $month }/{ $year } { $time }
unreadable-runs = { $n ->
    [one] { $n } ejecución registrada no se pudo leer y no aparece en la lista
   *[other] { $n } ejecuciones registradas no se pudieron leer y no aparecen en la lista
}

key-run-all = Ejecutar todas las pruebas
key-stop = Detener la ejecución (o cerrar un menú o un diálogo)
key-open = Abrir un resultado
key-save-json = Guardar el informe JSON
key-save-card = Guardar la imagen de la tarjeta
key-copy = Copiar el informe de texto
key-settings = Todos los ajustes
key-shortcuts = Estos atajos
key-menus = Los menús (luego las flechas, Enter y Escape)
key-menu-keys = Archivo, Ajustes, Tema, Idioma, Ayuda
key-quit = Salir (antes se detiene la ejecución en curso)

### The settings (shared by the window and the TUI)

setting-profile = Perfil
setting-mix = +Mix
setting-mix-read = Mezcla: % lectura
setting-mode = Modo
setting-loops = Bucles
setting-size = Tamaño
setting-measure = Medición (s)
setting-interval = Intervalo (s)
setting-warmup = Calentamiento (s)
setting-data = Datos
setting-buffered = O_DIRECT
setting-drop-caches = Vaciar caché de páginas
setting-drop-caches-hint = root: toda la caché de páginas antes de cada bucle de lectura
setting-strict = Estricto
setting-strict-hint = exactamente Q y T, o rechazar
setting-loop-stat = Estadística de bucles
on = activado
off = desactivado
profile-default = Predeterminado
profile-nvme = SSD NVMe
profile-peak = Rendimiento máximo
profile-peak-nvme = Rendimiento máximo (SSD NVMe)
profile-real = Rendimiento en el mundo real
profile-demo = Demostración
profile-custom = Personalizado
mode-read-write = Lectura + escritura
mode-read = Solo lectura
mode-write = Solo escritura
mode-mix = Solo mezcla
data-random = Aleatorio
data-zeros = Todo 0x00
stat-mean = Media
stat-best = Mejor
stat-median = Mediana

### The terminal interface (TUI)

tui-key-move = moverse entre Iniciar, las pruebas y los ajustes
tui-key-change = cambiar el ajuste seleccionado
tui-key-start = iniciar (todas, o la prueba seleccionada); en un ajuste: cambiarlo
tui-key-stop = detener la prueba en curso (se elimina el archivo de prueba)
tui-key-target = escribir una ruta de destino (Ctrl-A Ctrl-E Ctrl-U Ctrl-W como en un shell)
tui-key-unit = alternar la unidad: MB/s, GB/s, IOPS, µs
tui-key-save = guardar el informe como texto / JSON (diskmark_YYYYMMDDhhmmss)
tui-key-copy = copiar el informe al portapapeles (OSC 52)
tui-key-pages = páginas: tabla, escritura sostenida, historial (no durante una ejecución)
tui-key-fill = escritura sostenida: Enter la inicia, ← → eligen su tamaño
tui-key-history = historial: ↑ ↓ desplazan, r vuelve a leer la base de datos
tui-key-quit = salir
tui-keys = Teclas
tui-help-close = cualquier tecla cierra esta ayuda
tui-settings = Ajustes
tui-target-prompt = { " " }Ruta de destino: { $before }▏{ $after } (Enter aceptar, Esc cancelar, Ctrl-U borrar){ " " }
tui-hint-grid = { " " }↑↓ mover · ←→ cambiar · Enter iniciar · Esc detener · s guardar · ? ayuda · q salir{ " " }
tui-hint-fill = { " " }Enter iniciar · ←→ tamaño · Esc detener · Tab página · ? ayuda · q salir{ " " }
tui-hint-history = { " " }↑↓ desplazar · r releer · Tab página · ? ayuda · q salir{ " " }
tui-header = { "  " }{ $profile } · { $loops ->
    [one] { $loops } bucle
   *[other] { $loops } bucles
} · { $size } · { $target }{ $mix } · { $unit }
tui-mix-heading = Mezcla { $read }/{ $write }
no-io = sin E/S
tui-ready = Listo: Enter inicia todas las pruebas; en la fila de una prueba, solo esa prueba
tui-finished = Finalizado. s: guardar informe · J: guardar JSON · c: copiar
tui-stopped = Detenido. Se ha eliminado el archivo de prueba.
tui-interval = Intervalo: siguiente prueba en { $seconds } s
tui-running = { $test } { $direction } · bucle { $lp }/{ $loops } · { $phase } · quedan { $left } s
tui-running-rate = { $test } { $direction } · bucle { $lp }/{ $loops } · { $phase } · quedan { $left } s · { $mbps } MB/s
unknown = desconocido
tui-fill-default-size = predeterminado (el espacio libre menos un margen, al menos 1 GiB)
tui-fill-head = { "  " }Escritura sostenida · { $test } · tamaño: { $size } · { $target }
tui-fill-ready = Listo: Enter inicia una escritura sostenida; ←→ eligen su tamaño (los ajustes de la tabla fijan el destino, el motor, los datos y O_DIRECT)
tui-fill-starting = Preparando la escritura sostenida…
tui-fill-writing = Escribiendo…
tui-fill-now = Escrito: { $done } de { $total } GB · aún sin muestras
tui-fill-now-rate = Escrito: { $done } de { $total } GB · { $mbps } MB/s ahora
tui-fill-chart = MB/s frente a GB escritos
tui-fill-line = escritura sostenida { $done } de { $total } GB · { $rate } MB/s · { $left }
tui-left-unknown = tiempo restante desconocido
tui-none = ninguno
tui-history-db = Historial: { $db }
tui-history-reading = Leyendo el historial…
tui-history-count = { $n ->
    [one] { $n } ejecución
   *[other] { $n } ejecuciones
} · se muestran { $first }–{ $last } (diskmark history show ID muestra una completa)
tui-col-id = id
tui-col-date = fecha
tui-col-profile = perfil
tui-col-target = destino
tui-col-figures = cifras
tui-stop-to-size = detenga la ejecución (Esc) para cambiar el tamaño
tui-stop-to-switch = hay una ejecución en curso: deténgala (Esc) antes de pasar a la página { $page }
tui-stop-to-change = detenga la ejecución (Esc) para cambiar los ajustes
tui-cannot-start = no se puede iniciar: { $why }
tui-nothing-to-save = todavía no hay nada que guardar: ejecute antes una prueba
tui-saved = guardado en { $name }
tui-cannot-save = no se puede guardar { $name }: { $why }
tui-nothing-to-copy = todavía no hay nada que copiar: ejecute antes una prueba
tui-copied = informe copiado al portapapeles (OSC 52)
tui-cannot-copy = no se puede copiar: { $why }
tui-no-runs = aún no hay ejecuciones guardadas: añada --save a una ejecución
tui-page-grid = tabla
tui-page-fill = escritura sostenida
tui-page-history = historial

### The Language menu and the About dialog

language-system = Sistema ({ $name })
not-remembered = no se recordará el idioma: { $why }
not-a-result = { $file } no es un resultado válido de diskmark: { $why }
