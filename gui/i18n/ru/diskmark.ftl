# diskmark: сообщения окна и TUI (docs/i18n.md).
# SEQ1M, Q8T1, RND4K, MB/s, GB/s, IOPS и µs не переводятся.

### The window

language-name = Русский

all = Все
stop = Стоп
target = Цель
unit = Единицы
read = Чтение
write = Запись
mix = Микс
ready = Готов к работе
stopping = Остановка…
finished = Готово
stopped = Остановлено: результаты завершённых тестов остаются
notes = Заметки
prefill = Подготовка тестового файла: { $pct } %
interval = Пауза: { $seconds } s
running-rate = { $phase } · { $test } { $direction } · цикл { $lp }/{ $loops } · { $mbps } MB/s
running = { $phase } · { $test } { $direction } · цикл { $lp }/{ $loops }
phase-warmup = Прогрев
phase-measure = Измерение
phase-drain = Завершение
time-left = осталось { $clock }
error = ошибка: { $sentence }
written = сохранено: { $names }
settings-locked = Остановите тестирование, чтобы изменить настройки
engine = Движок
choose-folder = Выбрать папку…
folder = Папка
use-folder = Использовать
cancel = Отмена
no-folder = ошибка: введите путь к папке, в которой будет создан тестовый файл
bad-value = ошибка: { $label }: { $why }; остаётся { $kept }
engine-unavailable = { $name }: недоступен в этой системе: { $why }
not-a-folder = ошибка: цель { $path } — блочное устройство, а не папка; выберите папку, в которой будет создан тестовый файл (устройства целиком тестируются из командной строки)
copy = Копировать отчёт
save-text = Сохранить текст…
save-json = Сохранить JSON…
save-markdown = Сохранить Markdown…
save-png = Сохранить график (PNG)…
save-card = Сохранить изображение (карточку)…
save-history = Сохранить в историю…
open = Открыть результат…
file-kind-text = Текст
save = Сохранить
open-button = Открыть
browse = Обзор…
path-placeholder = /path/to/file
copied = текстовый отчёт скопирован в буфер обмена
nothing-to-save = сохранять пока нечего: запустите тесты или откройте результат
cannot-save = это действие читает файл и ничего не сохраняет
no-file = укажите файл результата, который нужно открыть
path-save-text = Сохранить текстовый отчёт в
path-save-json = Сохранить отчёт JSON в
path-save-markdown = Сохранить таблицу Markdown в
path-save-png = Сохранить график (PNG) в
path-save-card = Сохранить карточку (PNG) в
path-save-history = Сохранить в базу данных истории
path-open = Открыть файл результата
shown = Показан файл { $file }: значения взяты из файла, а не из тестирования
saved-as = сохранено как запуск №{ $id } в { $db }
chart-failed = не удалось отрисовать график в PNG: { $why }
no-direction = { $n ->
    [one] { $n } тест в файле не имеет направления и не показан
    [few] { $n } теста в файле не имеют направления и не показаны
    [many] { $n } тестов в файле не имеют направления и не показаны
   *[other] { $n } теста в файле не имеют направления и не показаны
}
look-light = Светлая
look-dark = Тёмная
look-high-contrast = Высококонтрастная
comment = Комментарий (подпись результата)
heading = { $direction } [{ $unit }]
mbps = { $v } MB/s
iops = { $v } IOPS
micros = { $us } µs
ran = фактически { $qt }
gbps = { $v } GB/s
every-unit-mean = { $mbps } · { $gbps } · { $iops } · в среднем { $mean }
every-unit = { $mbps } · { $gbps } · { $iops }
spread-ci = { $n ->
    [one] { $n } цикл: { $min } – { $max } MB/s, ±{ $ci } % (доверительная вероятность 95 %)
    [few] { $n } цикла: { $min } – { $max } MB/s, ±{ $ci } % (доверительная вероятность 95 %)
    [many] { $n } циклов: { $min } – { $max } MB/s, ±{ $ci } % (доверительная вероятность 95 %)
   *[other] { $n } цикла: { $min } – { $max } MB/s, ±{ $ci } % (доверительная вероятность 95 %)
}
spread = { $n ->
    [one] { $n } цикл: { $min } – { $max } MB/s
    [few] { $n } цикла: { $min } – { $max } MB/s
    [many] { $n } циклов: { $min } – { $max } MB/s
   *[other] { $n } цикла: { $min } – { $max } MB/s
}
menu-file = Файл
menu-settings = Настройки
menu-theme = Тема
menu-language = Язык
menu-help = Справка
quit = Выход
profile = Профиль
presets = Пресеты
test-data = Тестовые данные
test-parameters = Параметры тестов…
all-settings = Все настройки…
look-system = Системная
shortcuts = Сочетания клавиш…
about = О программе diskmark…
close = Закрыть
reset-tests = Вернуть тесты CrystalDiskMark
param-test = Тест
param-pattern = Шаблон
param-block = Блок
param-queue = Очередь
param-threads = Потоки
about-what = Тест производительности накопителей: тесты CrystalDiskMark, измеренные корректно, с нативными движками ввода-вывода.
about-licence = Лицензия: { $licence }
about-home = Домашняя страница: { $url }
about-docs = Методика: { $method } · Форматы отчётов: { $formats }
page-grid = Таблица
page-sustained = Длительная запись
page-span = Карта устройства
page-qos = Задержка под нагрузкой
page-history = История
start = Старт
fill-size = Записать
fill-free-space = всё свободное место (за вычетом запаса)
gb-written = Записано, GB
position = позиция на устройстве (%)
nothing-measured = замеров пока нет
span-device = Устройство для карты (/dev/…) или пусто для тестового файла в целевой папке
qos-what = Чтение RND4K Q1T1 сначала без нагрузки, затем во время записи второго файла SEQ1M Q8T1: p50, p99 и p99.9 (docs/measurement.md#latency-under-load)
qos-running = Измерение чтения без нагрузки, затем под нагрузкой записи…
no-history = Сохранённых запусков пока нет: Файл → Сохранить в историю… сохраняет последний запуск
choose-two = Выберите два запуска, чтобы сравнить их
knee = кэш ≈ { $gb } GB
sustained-progress-rate = записано { $done } из { $total } GB · { $mbps } MB/s
sustained-progress = записано { $done } из { $total } GB
sustained-what-size = SEQ1M Q8T1 записывает { $gb } GB в целевую папку
sustained-what-free = SEQ1M Q8T1 записывает, пока кэш записи накопителя не будет заведомо исчерпан (свободное место за вычетом запаса)
span-what = Последовательные замеры от первого байта до последнего, затем случайное чтение блоками 4 KiB (только чтение)
span-progress = { $done } из { $total }
span-filling = карта устройства: заполнение тестового файла, { $done } из { $total } GB
span-sample = карта устройства: замер { $done } из { $total } · { $rate } MB/s
span-access = карта устройства: случайное чтение { $done } из { $total }
date-time = { $day }.{ $month }.{ $year } { $time }
unreadable-runs = { $n ->
    [one] { $n } сохранённый запуск не удалось прочитать, он не показан
    [few] { $n } сохранённых запуска не удалось прочитать, они не показаны
    [many] { $n } сохранённых запусков не удалось прочитать, они не показаны
   *[other] { $n } сохранённого запуска не удалось прочитать, они не показаны
}

key-run-all = Запустить все тесты
key-stop = Остановить тестирование (или закрыть меню или диалог)
key-open = Открыть результат
key-save-json = Сохранить отчёт JSON
key-save-card = Сохранить изображение-карточку
key-copy = Копировать текстовый отчёт
key-settings = Все настройки
key-shortcuts = Эти сочетания клавиш
key-menus = Меню (далее стрелки, Enter и Escape)
key-menu-keys = Файл, Настройки, Тема, Язык, Справка
key-quit = Выход (тестирование сначала останавливается)

### The settings (shared by the window and the TUI)

setting-profile = Профиль
setting-mix = +Микс
setting-mix-read = Чтение в миксе, %
setting-mode = Режим
setting-loops = Циклы
setting-size = Размер
setting-measure = Измерение (s)
setting-interval = Пауза (s)
setting-warmup = Прогрев (s)
setting-data = Данные
setting-buffered = O_DIRECT
setting-drop-caches = Очищать страничный кэш
setting-drop-caches-hint = root: весь страничный кэш перед каждым циклом чтения
setting-strict = Строго
setting-strict-hint = точно заданные Q и T или отказ
setting-loop-stat = Статистика циклов
on = вкл
off = выкл
profile-default = По умолчанию
profile-nvme = NVMe SSD
profile-peak = Пиковая производительность
profile-peak-nvme = Пиковая производительность (NVMe SSD)
profile-real = Реальная производительность
profile-demo = Демо
profile-custom = Пользовательский
mode-read-write = Чтение + запись
mode-read = Только чтение
mode-write = Только запись
mode-mix = Только микс
data-random = Случайные
data-zeros = Все 0x00
stat-mean = Среднее
stat-best = Лучшее
stat-median = Медиана

### The terminal interface (TUI)

tui-key-move = перемещение между кнопкой «Старт», тестами и настройками
tui-key-change = изменить выбранную настройку
tui-key-start = запуск (всех тестов или выбранного); на настройке: изменить
tui-key-stop = остановить тестирование (тестовый файл удаляется)
tui-key-target = ввести путь к цели (Ctrl-A Ctrl-E Ctrl-U Ctrl-W как в оболочке)
tui-key-unit = переключить единицы: MB/s, GB/s, IOPS, µs
tui-key-save = сохранить отчёт как текст / JSON (diskmark_YYYYMMDDhhmmss)
tui-key-copy = скопировать отчёт в буфер обмена (OSC 52)
tui-key-pages = страницы: таблица, длительная запись, история (не во время тестирования)
tui-key-fill = длительная запись: Enter запускает, ← → выбирают объём
tui-key-history = история: ↑ ↓ прокрутка, r перечитывает базу данных
tui-key-quit = выход
tui-keys = Клавиши
tui-help-close = любая клавиша закрывает эту справку
tui-settings = Настройки
tui-target-prompt = { " " }Путь к цели: { $before }▏{ $after } (Enter принять, Esc отмена, Ctrl-U очистить){ " " }
tui-hint-grid = { " " }↑↓ перемещение · ←→ изменить · Enter старт · Esc стоп · s сохранить · ? справка · q выход{ " " }
tui-hint-fill = { " " }Enter старт · ←→ объём · Esc стоп · Tab страница · ? справка · q выход{ " " }
tui-hint-history = { " " }↑↓ прокрутка · r перечитать · Tab страница · ? справка · q выход{ " " }
tui-header = { "  " }{ $profile } · { $loops ->
    [one] { $loops } цикл
    [few] { $loops } цикла
    [many] { $loops } циклов
   *[other] { $loops } цикла
} · { $size } · { $target }{ $mix } · { $unit }
tui-mix-heading = Микс { $read }/{ $write }
no-io = нет I/O
tui-ready = Готов к работе: Enter запускает все тесты; на строке теста — только этот тест
tui-finished = Готово. s: сохранить отчёт · J: сохранить JSON · c: копировать
tui-stopped = Остановлено. Тестовый файл удалён.
tui-interval = Пауза: следующий тест через { $seconds } s
tui-running = { $test } { $direction } · цикл { $lp }/{ $loops } · { $phase } · осталось { $left } s
tui-running-rate = { $test } { $direction } · цикл { $lp }/{ $loops } · { $phase } · осталось { $left } s · { $mbps } MB/s
unknown = неизвестно
tui-fill-default-size = по умолчанию (свободное место за вычетом запаса, не менее 1 GiB)
tui-fill-head = { "  " }Длительная запись · { $test } · объём: { $size } · { $target }
tui-fill-ready = Готов к работе: Enter запускает длительную запись; ←→ выбирают объём (цель, движок, данные и O_DIRECT берутся из настроек таблицы)
tui-fill-starting = Подготовка длительной записи…
tui-fill-writing = Запись…
tui-fill-now = Записано: { $done } из { $total } GB · замеров пока нет
tui-fill-now-rate = Записано: { $done } из { $total } GB · сейчас { $mbps } MB/s
tui-fill-chart = MB/s в зависимости от записанных GB
tui-fill-line = длительная запись { $done } из { $total } GB · { $rate } MB/s · { $left }
tui-left-unknown = оставшееся время неизвестно
tui-none = нет
tui-history-db = История: { $db }
tui-history-reading = Чтение истории…
tui-history-count = { $n ->
    [one] { $n } запуск
    [few] { $n } запуска
    [many] { $n } запусков
   *[other] { $n } запуска
} · показаны { $first }–{ $last } (diskmark history show ID показывает один запуск полностью)
tui-col-id = №
tui-col-date = дата
tui-col-profile = профиль
tui-col-target = цель
tui-col-figures = результаты
tui-stop-to-size = остановите тестирование (Esc), чтобы изменить объём
tui-stop-to-switch = идёт тестирование: остановите его (Esc), прежде чем переходить на страницу «{ $page }»
tui-stop-to-change = остановите тестирование (Esc), чтобы изменить настройки
tui-cannot-start = не удаётся запустить: { $why }
tui-nothing-to-save = сохранять пока нечего: сначала запустите тест
tui-saved = сохранено в { $name }
tui-cannot-save = не удаётся сохранить { $name }: { $why }
tui-nothing-to-copy = копировать пока нечего: сначала запустите тест
tui-copied = отчёт скопирован в буфер обмена (OSC 52)
tui-cannot-copy = не удаётся скопировать: { $why }
tui-no-runs = сохранённых запусков пока нет: добавьте --save к команде запуска
tui-page-grid = таблица
tui-page-fill = длительная запись
tui-page-history = история

### The Language menu and the About dialog

language-system = Системный ({ $name })
not-remembered = язык не будет запомнен: { $why }
not-a-result = { $file } не является корректным результатом diskmark: { $why }
