# diskmark: повідомлення вікна і TUI (docs/i18n.md).
# SEQ1M, Q8T1, RND4K, MB/s, GB/s, IOPS і µs не перекладаються.

### The window

language-name = Українська

all = Все
stop = Зупинити
target = Ціль
unit = Одиниці
read = Читання
write = Запис
mix = Змішано
ready = Готовий
stopping = Зупинка…
finished = Завершено
stopped = Зупинено: результати завершених тестів залишаються
notes = Нотатки
prefill = Підготовка тестового файлу: { $pct } %
interval = Інтервал: { $seconds } s
running-rate = { $phase } · { $test } { $direction } · цикл { $lp }/{ $loops } · { $mbps } MB/s
running = { $phase } · { $test } { $direction } · цикл { $lp }/{ $loops }
phase-warmup = Прогрів
phase-measure = Вимірювання
phase-drain = Завершення
time-left = залишилось { $clock }
error = помилка: { $sentence }
written = збережено: { $names }
settings-locked = Зупиніть тестування, щоб змінити налаштування
engine = Рушій
choose-folder = Вибрати теку…
folder = Тека
use-folder = Використати
cancel = Скасувати
no-folder = помилка: введіть шлях до теки, в якій буде створено тестовий файл
bad-value = помилка: { $label }: { $why }; залишається { $kept }
engine-unavailable = { $name }: недоступний у цій системі: { $why }
not-a-folder = помилка: ціль { $path } — блоковий пристрій, а не тека; виберіть теку, в якій буде створено тестовий файл (пристрої повністю тестуються з командного рядка)
copy = Копіювати звіт
save-text = Зберегти текст…
save-json = Зберегти JSON…
save-markdown = Зберегти Markdown…
save-png = Зберегти графік (PNG)…
save-card = Зберегти зображення (картку)…
save-history = Зберегти в історію…
open = Відкрити результат…
file-kind-text = Текст
save = Зберегти
open-button = Відкрити
browse = Огляд…
path-placeholder = /path/to/file
copied = текстовий звіт скопійовано до буфера обміну
nothing-to-save = зберігати поки нічого: запустіть тести або відкрийте результат
cannot-save = ця дія читає файл і нічого не зберігає
no-file = вкажіть файл результату, який потрібно відкрити
path-save-text = Зберегти текстовий звіт у
path-save-json = Зберегти звіт JSON у
path-save-markdown = Зберегти таблицю Markdown у
path-save-png = Зберегти графік (PNG) у
path-save-card = Зберегти картку (PNG) у
path-save-history = Зберегти в базу даних історії
path-open = Відкрити файл результату
shown = Показано файл { $file }: значення взято з файлу, а не з тестування
saved-as = збережено як запуск №{ $id } у { $db }
chart-failed = не вдалося намалювати графік у PNG: { $why }
no-direction = { $n ->
    [one] { $n } тест у файлі не має напрямку і не відображається
    [few] { $n } тести у файлі не мають напрямку і не відображаються
    [many] { $n } тестів у файлі не мають напрямку і не відображаються
   *[other] { $n } тесту у файлі не мають напрямку і не відображаються
}
look-light = Світла
look-dark = Темна
look-high-contrast = Висококонтрастна
comment = Коментар (підпис результату)
heading = { $direction } [{ $unit }]
mbps = { $v } MB/s
iops = { $v } IOPS
micros = { $us } µs
ran = фактично { $qt }
gbps = { $v } GB/s
every-unit-mean = { $mbps } · { $gbps } · { $iops } · у середньому { $mean }
every-unit = { $mbps } · { $gbps } · { $iops }
spread-ci = { $n ->
    [one] { $n } цикл: { $min } – { $max } MB/s, ±{ $ci } % (довірча ймовірність 95 %)
    [few] { $n } цикли: { $min } – { $max } MB/s, ±{ $ci } % (довірча ймовірність 95 %)
    [many] { $n } циклів: { $min } – { $max } MB/s, ±{ $ci } % (довірча ймовірність 95 %)
   *[other] { $n } циклу: { $min } – { $max } MB/s, ±{ $ci } % (довірча ймовірність 95 %)
}
spread = { $n ->
    [one] { $n } цикл: { $min } – { $max } MB/s
    [few] { $n } цикли: { $min } – { $max } MB/s
    [many] { $n } циклів: { $min } – { $max } MB/s
   *[other] { $n } циклу: { $min } – { $max } MB/s
}
menu-file = Файл
menu-settings = Налаштування
menu-theme = Тема
menu-language = Мова
menu-help = Довідка
quit = Вийти
profile = Профіль
presets = Пресети
test-data = Тестові дані
test-parameters = Параметри тестів…
all-settings = Усі налаштування…
look-system = Системна
shortcuts = Комбінації клавіш…
about = Про програму diskmark…
close = Закрити
reset-tests = Повернути тести CrystalDiskMark
param-test = Тест
param-pattern = Шаблон
param-block = Блок
param-queue = Черга
param-threads = Потоки
about-what = Тест продуктивності накопичувачів: тести CrystalDiskMark, виміряні коректно, з нативними рушіями введення-виведення.
about-licence = Ліцензія: { $licence }
about-home = Домашня сторінка: { $url }
about-docs = Методика: { $method } · Формати звітів: { $formats }
page-grid = Таблиця
page-sustained = Тривалий запис
page-span = Карта пристрою
page-qos = Затримка під навантаженням
page-history = Історія
start = Запустити
fill-size = Записати
fill-free-space = увесь вільний простір (за вирахуванням запасу)
gb-written = Записано, GB
position = позиція на пристрої (%)
nothing-measured = вимірів ще немає
span-device = Пристрій для карти (/dev/…) або порожньо для тестового файлу в цільовій теці
qos-what = Читання RND4K Q1T1 спочатку без навантаження, потім під час запису другого файлу SEQ1M Q8T1: p50, p99 і p99.9 (docs/measurement.md#latency-under-load)
qos-running = Вимірювання читання без навантаження, потім під навантаженням запису…
no-history = Збережених запусків ще немає: Файл → Зберегти в історію… зберігає останній запуск
choose-two = Виберіть два запуски, щоб їх порівняти
knee = кеш ≈ { $gb } GB
sustained-progress-rate = записано { $done } з { $total } GB · { $mbps } MB/s
sustained-progress = записано { $done } з { $total } GB
sustained-what-size = SEQ1M Q8T1 записує { $gb } GB у цільову теку
sustained-what-free = SEQ1M Q8T1 записує, доки кеш запису накопичувача не буде гарантовано вичерпано (вільний простір за вирахуванням запасу)
span-what = Послідовні виміри від першого байта до останнього, потім випадкове читання блоками 4 KiB (лише читання)
span-progress = { $done } з { $total }
span-filling = карта пристрою: заповнення тестового файлу, { $done } з { $total } GB
span-sample = карта пристрою: вимір { $done } з { $total } · { $rate } MB/s
span-access = карта пристрою: випадкове читання { $done } з { $total }
date-time = { $day }.{ $month }.{ $year } { $time }
unreadable-runs = { $n ->
    [one] { $n } збережений запуск не вдалося прочитати, його не показано
    [few] { $n } збережені запуски не вдалося прочитати, їх не показано
    [many] { $n } збережених запусків не вдалося прочитати, їх не показано
   *[other] { $n } збереженого запуску не вдалося прочитати, їх не показано
}

key-run-all = Запустити всі тести
key-stop = Зупинити тестування (або закрити меню чи діалог)
key-open = Відкрити результат
key-save-json = Зберегти звіт JSON
key-save-card = Зберегти зображення-картку
key-copy = Копіювати текстовий звіт
key-settings = Усі налаштування
key-shortcuts = Ці комбінації клавіш
key-menus = Меню (далі стрілки, Enter і Escape)
key-menu-keys = Файл, Налаштування, Тема, Мова, Довідка
key-quit = Вийти (тестування спершу зупиняється)

### The settings (shared by the window and the TUI)

setting-profile = Профіль
setting-mix = +Змішано
setting-mix-read = Частка читання, %
setting-mode = Режим
setting-loops = Цикли
setting-size = Розмір
setting-measure = Вимірювання (s)
setting-interval = Інтервал (s)
setting-warmup = Прогрів (s)
setting-data = Дані
setting-buffered = O_DIRECT
setting-drop-caches = Очищати сторінковий кеш
setting-drop-caches-hint = root: увесь сторінковий кеш перед кожним циклом читання
setting-strict = Суворо
setting-strict-hint = точно задані Q і T або відмова
setting-loop-stat = Статистика циклів
on = увімк
off = вимк
profile-default = За замовчуванням
profile-nvme = NVMe SSD
profile-peak = Пікова продуктивність
profile-peak-nvme = Пікова продуктивність (NVMe SSD)
profile-real = Реальна продуктивність
profile-demo = Демо
profile-custom = Власний
mode-read-write = Читання + запис
mode-read = Лише читання
mode-write = Лише запис
mode-mix = Лише змішано
data-random = Випадкові
data-zeros = Самі 0x00
stat-mean = Середнє
stat-best = Найкраще
stat-median = Медіана

### The terminal interface (TUI)

tui-key-move = переміщення між кнопкою «Запустити», тестами й налаштуваннями
tui-key-change = змінити вибране налаштування
tui-key-start = запуск (усіх тестів або вибраного); на налаштуванні: змінити
tui-key-stop = зупинити тестування (тестовий файл видаляється)
tui-key-target = ввести шлях до цілі (Ctrl-A Ctrl-E Ctrl-U Ctrl-W як в оболонці)
tui-key-unit = перемкнути одиниці: MB/s, GB/s, IOPS, µs
tui-key-save = зберегти звіт як текст / JSON (diskmark_YYYYMMDDhhmmss)
tui-key-copy = скопіювати звіт до буфера обміну (OSC 52)
tui-key-pages = сторінки: таблиця, тривалий запис, історія (не під час тестування)
tui-key-fill = тривалий запис: Enter запускає, ← → вибирають обсяг
tui-key-history = історія: ↑ ↓ прокручування, r перечитує базу даних
tui-key-quit = вийти
tui-keys = Клавіші
tui-help-close = будь-яка клавіша закриває цю довідку
tui-settings = Налаштування
tui-target-prompt = { " " }Шлях до цілі: { $before }▏{ $after } (Enter прийняти, Esc скасувати, Ctrl-U очистити){ " " }
tui-hint-grid = { " " }↑↓ переміщення · ←→ змінити · Enter запуск · Esc стоп · s зберегти · ? довідка · q вийти{ " " }
tui-hint-fill = { " " }Enter запуск · ←→ обсяг · Esc стоп · Tab сторінка · ? довідка · q вийти{ " " }
tui-hint-history = { " " }↑↓ прокручування · r перечитати · Tab сторінка · ? довідка · q вийти{ " " }
tui-header = { "  " }{ $profile } · { $loops ->
    [one] { $loops } цикл
    [few] { $loops } цикли
    [many] { $loops } циклів
   *[other] { $loops } циклу
} · { $size } · { $target }{ $mix } · { $unit }
tui-mix-heading = Змішано { $read }/{ $write }
no-io = немає I/O
tui-ready = Готовий: Enter запускає всі тести; на рядку тесту — лише цей тест
tui-finished = Завершено. s: зберегти звіт · J: зберегти JSON · c: копіювати
tui-stopped = Зупинено. Тестовий файл видалено.
tui-interval = Інтервал: наступний тест через { $seconds } s
tui-running = { $test } { $direction } · цикл { $lp }/{ $loops } · { $phase } · залишилось { $left } s
tui-running-rate = { $test } { $direction } · цикл { $lp }/{ $loops } · { $phase } · залишилось { $left } s · { $mbps } MB/s
unknown = невідомо
tui-fill-default-size = за замовчуванням (вільний простір за вирахуванням запасу, щонайменше 1 GiB)
tui-fill-head = { "  " }Тривалий запис · { $test } · обсяг: { $size } · { $target }
tui-fill-ready = Готовий: Enter запускає тривалий запис; ←→ вибирають обсяг (ціль, рушій, дані та O_DIRECT беруться з налаштувань таблиці)
tui-fill-starting = Підготовка тривалого запису…
tui-fill-writing = Запис…
tui-fill-now = Записано: { $done } з { $total } GB · вимірів ще немає
tui-fill-now-rate = Записано: { $done } з { $total } GB · зараз { $mbps } MB/s
tui-fill-chart = MB/s залежно від записаних GB
tui-fill-line = тривалий запис { $done } з { $total } GB · { $rate } MB/s · { $left }
tui-left-unknown = залишок часу невідомий
tui-none = немає
tui-history-db = Історія: { $db }
tui-history-reading = Читання історії…
tui-history-count = { $n ->
    [one] { $n } запуск
    [few] { $n } запуски
    [many] { $n } запусків
   *[other] { $n } запуску
} · показано { $first }–{ $last } (diskmark history show ID показує один запуск повністю)
tui-col-id = №
tui-col-date = дата
tui-col-profile = профіль
tui-col-target = ціль
tui-col-figures = результати
tui-stop-to-size = зупиніть тестування (Esc), щоб змінити обсяг
tui-stop-to-switch = триває тестування: зупиніть його (Esc), перш ніж переходити на сторінку «{ $page }»
tui-stop-to-change = зупиніть тестування (Esc), щоб змінити налаштування
tui-cannot-start = не вдається запустити: { $why }
tui-nothing-to-save = зберігати поки нічого: спочатку запустіть тест
tui-saved = збережено в { $name }
tui-cannot-save = не вдається зберегти { $name }: { $why }
tui-nothing-to-copy = копіювати поки нічого: спочатку запустіть тест
tui-copied = звіт скопійовано до буфера обміну (OSC 52)
tui-cannot-copy = не вдається скопіювати: { $why }
tui-no-runs = збережених запусків ще немає: додайте --save до команди запуску
tui-page-grid = таблиця
tui-page-fill = тривалий запис
tui-page-history = історія

### The Language menu and the About dialog

language-system = Системна ({ $name })
not-remembered = мову не буде запам’ятовано: { $why }
not-a-result = { $file } не є коректним результатом diskmark: { $why }
