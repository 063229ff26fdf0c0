# diskmark: the messages of the window and the TUI (docs/i18n.md).
# SEQ1M, Q8T1, RND4K, MB/s, GB/s, IOPS and µs stay as they are in every language.

### The window

# Its name in itself, as the Language menu lists it.
language-name = العربية

# The button that runs every test.
all = الكل
# The button that stops the run.
stop = إيقاف
# Label of the target picker.
target = الهدف
# Label of the unit picker.
unit = الوحدة
# Column headings.
read = قراءة
# Column heading.
write = كتابة
# Column heading.
mix = مختلط
# The status bar before a run.
ready = جاهز
# The status bar while a stop is under way.
stopping = جارٍ الإيقاف…
# The status bar after a complete run.
finished = اكتمل
# The status bar after a stopped run.
stopped = تم الإيقاف: احتُفظ بنتائج الاختبارات المكتملة
# Heading of the notes panel.
notes = ملاحظات
# The status bar while the test file is filled before the tests. $pct: a whole percentage.
prefill = جارٍ تحضير ملف الاختبار: { $pct } %
# The status bar between tests. $seconds: seconds left, one decimal.
interval = الفاصل الزمني: { $seconds } s
# The same, with the loop's live speed.
running-rate = { $phase } · { $test } { $direction } · التكرار { $lp }/{ $loops } · { $mbps } MB/s
# The status bar while a loop runs. $phase: a phase-* message; $test: SEQ1M Q8T1 and the like (not translated); $direction: read, write or mix (the column headings); $lp of $loops: the loop.
running = { $phase } · { $test } { $direction } · التكرار { $lp }/{ $loops }
# The phases of a loop.
phase-warmup = الإحماء
phase-measure = القياس
phase-drain = إنهاء الطلبات المعلّقة
# The time left of the run. $clock: minutes:seconds.
time-left = متبقٍ { $clock }
# An error, before its sentence (the sentence itself comes from the measuring core, in English).
error = خطأ: { $sentence }
# The outputs written at the end. $names: file names.
written = تمت الكتابة: { $names }
# Why the panel cannot be used now.
settings-locked = أوقف التشغيل لتغيير الإعدادات
# Label of the engine buttons.
engine = المحرك
# The picker's entry that opens the typed path.
choose-folder = اختيار مجلد…
# Label of the typed folder path.
folder = المجلد
# Takes the typed folder.
use-folder = استخدام
# Gives the typed folder up.
cancel = إلغاء
# Enter on an empty folder path.
no-folder = خطأ: اكتب مسار المجلد الذي سيُنشأ فيه ملف الاختبار
# A typed value that was not taken: $label the setting, $why the reason (English, from the core), $kept the value kept.
bad-value = خطأ: { $label }: { $why }؛ تبقى القيمة { $kept }
# A native I/O engine that does not work on this machine; $why is the probe's reason (English).
engine-unavailable = { $name }: غير متاح هنا: { $why }
# A typed folder that is a block device.
not-a-folder = خطأ: الهدف { $path } جهاز كتلي وليس مجلدًا؛ اختر المجلد الذي سيُنشأ فيه ملف الاختبار (سطر الأوامر هو الذي يختبر الأجهزة الخام)
# The button that copies the text report.
copy = نسخ التقرير
# The button (and dialog title) that saves the text report.
save-text = حفظ كنص…
# The button (and dialog title) that saves the JSON report.
save-json = حفظ JSON…
# The button (and dialog title) that saves the Markdown table.
save-markdown = حفظ Markdown…
# The button (and dialog title) that saves the chart as PNG.
save-png = حفظ المخطط (PNG)…
# The entry (and dialog title) that saves the card as PNG.
save-card = حفظ الصورة (بطاقة)…
# The button that saves the run into the history.
save-history = حفظ في السجل…
# The button (and dialog title) that opens a result JSON.
open = فتح نتيجة…
# The file dialog's filter for text files.
file-kind-text = نص
# The path row's button that saves.
save = حفظ
# The path row's button that opens.
open-button = فتح
# The path row's button that opens the desktop's file dialog.
browse = استعراض…
# The typed path's placeholder.
path-placeholder = /path/to/file
# The message line once the report is on the clipboard.
copied = نُسخ التقرير النصي إلى الحافظة
# Saving with nothing to save.
nothing-to-save = لا يوجد ما يُحفظ بعد: شغّل الاختبارات أو افتح نتيجة
# An action that saves nothing, asked to save.
cannot-save = هذا الإجراء يقرأ ملفًا ولا يحفظ شيئًا
# Opening with no path typed.
no-file = حدّد ملف النتيجة المراد فتحه
# The label before the path field, for each file action.
path-save-text = حفظ التقرير النصي في
path-save-json = حفظ تقرير JSON في
path-save-markdown = حفظ جدول Markdown في
path-save-png = حفظ المخطط (PNG) في
path-save-card = حفظ البطاقة (PNG) في
path-save-history = حفظ في قاعدة بيانات السجل
path-open = فتح ملف النتيجة
# The status bar while a result file is shown instead of a run.
shown = عرض { $file }: الأرقام المعروضة من الملف وليست من تشغيل
# A run saved into the history database: $id its number, $db the database's path.
saved-as = حُفظ بوصفه التشغيل #{ $id } في { $db }
# The chart could not be drawn; $why is the renderer's reason.
chart-failed = تعذّر رسم المخطط بصيغة PNG: { $why }
# Tests of an opened file that have no direction (read or write), left out of the grid.
no-direction = { $n ->
    [zero] لا يوجد في الملف اختبار بلا اتجاه
    [one] اختبار واحد في الملف بلا اتجاه (قراءة أو كتابة) فلا يُعرض
    [two] اختباران في الملف بلا اتجاه (قراءة أو كتابة) فلا يُعرضان
    [few] { $n } اختبارات في الملف بلا اتجاه (قراءة أو كتابة) فلا تُعرض
    [many] { $n } اختبارًا في الملف بلا اتجاه (قراءة أو كتابة) فلا تُعرض
   *[other] { $n } اختبار في الملف بلا اتجاه (قراءة أو كتابة) فلا تُعرض
}
# The looks, as the Theme menu names them.
look-light = فاتح
# A look.
look-dark = داكن
# A look.
look-high-contrast = تباين عالٍ
# The comment field's placeholder.
comment = تعليق (تسمية النتيجة)
# A column's heading, as CrystalDiskMark writes it: "Read [MB/s]". $direction: read, write or mix; $unit: MB/s, GB/s, IOPS or µs (never translated).
heading = { $direction } [{ $unit }]
# Figures with their units (the units stay as they are in every language).
mbps = { $v } MB/s
iops = { $v } IOPS
micros = { $us } µs
# The queue and threads that ran, when the engine adapted the test: "ran Q1T8".
ran = نُفّذ بإعداد { $qt }
gbps = { $v } GB/s
every-unit-mean = { $mbps } · { $gbps } · { $iops } · المتوسط { $mean }
# A cell's figure in every unit (its tooltip's first line).
every-unit = { $mbps } · { $gbps } · { $iops }
# The same with the 95 % confidence interval, $ci percent.
spread-ci = { $n ->
    [zero] { $n } تكرار: { $min } – { $max } MB/s، ±{ $ci } % (بثقة 95 %)
    [one] تكرار واحد: { $min } – { $max } MB/s، ±{ $ci } % (بثقة 95 %)
    [two] تكراران: { $min } – { $max } MB/s، ±{ $ci } % (بثقة 95 %)
    [few] { $n } تكرارات: { $min } – { $max } MB/s، ±{ $ci } % (بثقة 95 %)
    [many] { $n } تكرارًا: { $min } – { $max } MB/s، ±{ $ci } % (بثقة 95 %)
   *[other] { $n } تكرار: { $min } – { $max } MB/s، ±{ $ci } % (بثقة 95 %)
}
# How much a cell's loops disagree: $n loops, from $min to $max MB/s.
spread = { $n ->
    [zero] { $n } تكرار: { $min } – { $max } MB/s
    [one] تكرار واحد: { $min } – { $max } MB/s
    [two] تكراران: { $min } – { $max } MB/s
    [few] { $n } تكرارات: { $min } – { $max } MB/s
    [many] { $n } تكرارًا: { $min } – { $max } MB/s
   *[other] { $n } تكرار: { $min } – { $max } MB/s
}
# The menus' titles.
menu-file = ملف
# A menu's title.
menu-settings = الإعدادات
# A menu's title.
menu-theme = السمة
# A menu's title.
menu-language = اللغة
# A menu's title.
menu-help = تعليمات
# File's last entry.
quit = إنهاء
# Settings' submenus and entries.
profile = ملف التعريف
# A submenu of Settings.
presets = الإعدادات المسبقة
# A submenu of Settings.
test-data = بيانات الاختبار
# The entry and dialog that edit each row's test.
test-parameters = معلمات الاختبار…
# The entry and dialog with every setting.
all-settings = كل الإعدادات…
# Theme's entry that follows the desktop.
look-system = النظام
# Help's entries.
shortcuts = اختصارات لوحة المفاتيح…
# Help's entry.
about = حول diskmark…
# A dialog's button that closes it.
close = إغلاق
# The test parameters' button that brings the profile's tests back.
reset-tests = إعادة التعيين إلى اختبارات CrystalDiskMark
# The column headings of the Test parameters dialog.
param-test = الاختبار
param-pattern = النمط
param-block = الكتلة
param-queue = قائمة الانتظار
param-threads = مؤشرات الترابط
# The About dialog.
about-what = أداة لقياس أداء التخزين: اختبارات CrystalDiskMark مقيسة بدقة، بمحركات I/O أصلية.
about-licence = الترخيص: { $licence }
about-home = الصفحة الرئيسية: { $url }
about-docs = المنهجية: { $method } · صيغ التقارير: { $formats }
# The tabs of the pages.
page-grid = الشبكة
page-sustained = الكتابة المستمرة
page-span = خريطة الجهاز
page-qos = زمن الاستجابة تحت الحمل
page-history = السجل
# A page's button that starts its run.
start = بدء
# The sustained page's size pick list.
fill-size = الكتابة
# A sustained write up to the free space (the CLI's default).
fill-free-space = حتى المساحة الحرة (ناقص هامش)
# The sustained chart's x axis.
gb-written = GB المكتوبة
# The device map's x axis.
position = الموضع على الجهاز (%)
# A chart with no measured point yet.
nothing-measured = لم تُقَس أي عينة بعد
# The span page's device field.
span-device = الجهاز المراد رسم خريطته (/dev/…)، أو فارغ لاستخدام ملف الاختبار في المجلد الهدف
# The QoS page before a run.
qos-what = قراءات RND4K Q1T1 وحدها، ثم أثناء كتابة SEQ1M Q8T1 لملف ثانٍ: p50 و p99 و p99.9 (docs/measurement.md#latency-under-load)
# The QoS page while it runs.
qos-running = جارٍ قياس القراءات وحدها، ثم تحت حمل الكتابة…
# The history page with no run recorded.
no-history = لم يُسجَّل أي تشغيل بعد: ملف ← حفظ في السجل… يسجّل آخر تشغيل
# The history page's hint.
choose-two = اختر تشغيلين لمقارنتهما
# The mark of the write cache's end on the sustained write's chart.
knee = الذاكرة المؤقتة ≈ { $gb } GB
sustained-progress-rate = كُتب { $done } من { $total } GB · { $mbps } MB/s
# The sustained write's progress: $done of $total GB.
sustained-progress = كُتب { $done } من { $total } GB
# What the sustained write page will run.
sustained-what-size = يكتب SEQ1M Q8T1 مقدار { $gb } GB في المجلد الهدف
sustained-what-free = يكتب SEQ1M Q8T1 إلى أن يتجاوز ذاكرة التخزين المؤقت للكتابة في محرك الأقراص بفارق كبير (المساحة الحرة ناقص هامش)
# What the device map page will run, and its progress.
span-what = عينات تسلسلية من البايت الأول حتى الأخير، ثم قراءات عشوائية بحجم 4 KiB (قراءة فقط)
span-progress = { $done } من { $total }
span-filling = خريطة الجهاز: ملء ملف الاختبار، { $done } من { $total } GB
span-sample = خريطة الجهاز: العينة { $done } من { $total } · { $rate } MB/s
span-access = خريطة الجهاز: قراءة عشوائية { $done } من { $total }
# A date and time in this language's order: $year (4 digits), $month and $day (2 digits), $time (hours:minutes, 24 h).
date-time = { $day }/{ $month }/{ $year } { $time }
# Runs of the history database that could not be read.
unreadable-runs = { $n ->
    [zero] لا توجد عمليات تشغيل مسجّلة تعذّرت قراءتها
    [one] تعذّرت قراءة تشغيل مسجّل واحد فلم يُدرج
    [two] تعذّرت قراءة تشغيلين مسجّلين فلم يُدرجا
    [few] تعذّرت قراءة { $n } عمليات تشغيل مسجّلة فلم تُدرج
    [many] تعذّرت قراءة { $n } عملية تشغيل مسجّلة فلم تُدرج
   *[other] تعذّرت قراءة { $n } عملية تشغيل مسجّلة فلم تُدرج
}

# The Keyboard shortcuts dialog: what each shortcut does (the keys themselves are not translated).
key-run-all = تشغيل كل الاختبارات
key-stop = إيقاف التشغيل (أو إغلاق قائمة أو مربع حوار)
key-open = فتح نتيجة
key-save-json = حفظ تقرير JSON
key-save-card = حفظ صورة البطاقة
key-copy = نسخ التقرير النصي
key-settings = كل الإعدادات
key-shortcuts = هذه الاختصارات
key-menus = القوائم (ثم الأسهم و Enter و Escape)
key-menu-keys = ملف، الإعدادات، السمة، اللغة، تعليمات
key-quit = إنهاء (يُوقَف التشغيل الجاري أولًا)

### The settings (shared by the window and the TUI)

# Each setting's label: setting-<its command-line option>.
setting-profile = ملف التعريف
setting-mix = +مختلط
setting-mix-read = قراءة المختلط %
setting-mode = الوضع
setting-loops = التكرارات
setting-size = الحجم
setting-measure = القياس (s)
setting-interval = الفاصل (s)
setting-warmup = الإحماء (s)
setting-data = البيانات
# O_DIRECT is the flag's name: not translated.
setting-buffered = O_DIRECT
setting-drop-caches = تفريغ ذاكرة الصفحات المؤقتة
setting-drop-caches-hint = root: ذاكرة الصفحات المؤقتة كلها قبل كل تكرار قراءة
setting-strict = صارم
setting-strict-hint = قيم Q و T بالضبط، وإلا فالرفض
setting-loop-stat = إحصاء التكرارات
# A switch's two values.
on = مفعّل
off = معطّل
# The profiles, as CrystalDiskMark names them.
profile-default = افتراضي
profile-nvme = NVMe SSD
profile-peak = أقصى أداء
profile-peak-nvme = أقصى أداء (NVMe SSD)
profile-real = الأداء الفعلي
profile-demo = عرض توضيحي
profile-custom = مخصص
# What the tests do (the Mode setting).
mode-read-write = قراءة + كتابة
mode-read = قراءة فقط
mode-write = كتابة فقط
mode-mix = مختلط فقط
# The test data (0x00 is a byte: not translated).
data-random = عشوائية
data-zeros = كلها 0x00
# Which of the loops' figures a cell shows.
stat-mean = المتوسط
stat-best = الأفضل
stat-median = الوسيط

### The terminal interface (TUI)

# The terminal interface's help: what each key does (the keys themselves are not translated).
tui-key-move = التنقل بين بدء والاختبارات والإعدادات
tui-key-change = تغيير الإعداد المحدد
tui-key-start = البدء (الكل، أو الاختبار المحدد)؛ وعلى إعداد: تغييره
tui-key-stop = إيقاف قياس الأداء الجاري (يُحذف ملف الاختبار)
tui-key-target = كتابة مسار الهدف (Ctrl-A Ctrl-E Ctrl-U Ctrl-W كما في الصدفة)
tui-key-unit = التبديل بين الوحدات: MB/s، GB/s، IOPS، µs
tui-key-save = حفظ التقرير كنص / JSON (diskmark_YYYYMMDDhhmmss)
tui-key-copy = نسخ التقرير إلى الحافظة (OSC 52)
tui-key-pages = الصفحات: الشبكة، الكتابة المستمرة، السجل (ليس أثناء التشغيل)
tui-key-fill = الكتابة المستمرة: Enter يبدأ، و ← → لاختيار حجمها
tui-key-history = السجل: ↑ ↓ للتمرير، و r لإعادة قراءة قاعدة البيانات
tui-key-quit = إنهاء
# The help box's title and its last line.
tui-keys = المفاتيح
tui-help-close = اضغط أي مفتاح لإغلاق هذه التعليمات
# The title of the settings' block.
tui-settings = الإعدادات
# The bottom line while a target path is typed: the text before and after the cursor.
tui-target-prompt = { " " }مسار الهدف: { $before }▏{ $after } (Enter للقبول، Esc للإلغاء، Ctrl-U للمسح){ " " }
# The bottom line: the keys of each page (the keys themselves are not translated).
tui-hint-grid = { " " }↑↓ تنقل · ←→ تغيير · Enter بدء · Esc إيقاف · s حفظ · ? تعليمات · q إنهاء{ " " }
tui-hint-fill = { " " }Enter بدء · ←→ الحجم · Esc إيقاف · Tab الصفحة · ? تعليمات · q إنهاء{ " " }
tui-hint-history = { " " }↑↓ تمرير · r إعادة القراءة · Tab الصفحة · ? تعليمات · q إنهاء{ " " }
# The line beside the Start button: profile, loops, file size, target, +Mix when on, unit.
tui-header = { "  " }{ $profile } · { $loops ->
    [zero] { $loops } تكرار
    [one] تكرار واحد
    [two] تكراران
    [few] { $loops } تكرارات
    [many] { $loops } تكرارًا
   *[other] { $loops } تكرار
} · { $size } · { $target }{ $mix } · { $unit }
# The heading of the mix column: the read and write percentages.
tui-mix-heading = مختلط { $read }/{ $write }
# A cell of a test that completed no I/O: no figure.
no-io = بلا I/O
# The status line.
tui-ready = جاهز: Enter يبدأ كل الاختبارات، وعلى صف اختبار يبدأ ذلك الاختبار وحده
tui-finished = اكتمل. s: حفظ التقرير · J: حفظ JSON · c: نسخ
tui-stopped = تم الإيقاف. حُذف ملف الاختبار.
tui-interval = الفاصل: الاختبار التالي بعد { $seconds } s
# While a loop runs: the test (SEQ1M Q8T1), its direction, the loop, the phase, the seconds left, the live speed.
tui-running = { $test } { $direction } · التكرار { $lp }/{ $loops } · { $phase } · متبقٍ { $left } s
tui-running-rate = { $test } { $direction } · التكرار { $lp }/{ $loops } · { $phase } · متبقٍ { $left } s · { $mbps } MB/s
# A drive whose model is not known.
unknown = غير معروف
# The sustained write's page.
tui-fill-default-size = افتراضي (المساحة الحرة ناقص هامش، 1 GiB على الأقل)
tui-fill-head = { "  " }الكتابة المستمرة · { $test } · الحجم: { $size } · { $target }
tui-fill-ready = جاهز: Enter يبدأ كتابة مستمرة، و ←→ لاختيار حجمها (إعدادات الشبكة تحدد الهدف والمحرك والبيانات و O_DIRECT)
tui-fill-starting = جارٍ تحضير الكتابة المستمرة…
tui-fill-writing = جارٍ الكتابة…
tui-fill-now = المكتوب: { $done } من { $total } GB · لا عينة بعد
tui-fill-now-rate = المكتوب: { $done } من { $total } GB · { $mbps } MB/s الآن
tui-fill-chart = MB/s مقابل GB المكتوبة
tui-fill-line = كتابة مستمرة { $done } من { $total } GB · { $rate } MB/s · { $left }
tui-left-unknown = الوقت المتبقي غير معروف
# The history page.
tui-none = لا شيء
tui-history-db = السجل: { $db }
tui-history-reading = جارٍ قراءة السجل…
tui-history-count = { $n ->
    [zero] لا توجد عمليات تشغيل
    [one] تشغيل واحد
    [two] تشغيلان
    [few] { $n } عمليات تشغيل
    [many] { $n } عملية تشغيل
   *[other] { $n } عملية تشغيل
} · المعروض { $first }–{ $last } (الأمر diskmark history show ID يعرض أحدها كاملًا)
tui-col-id = المعرّف
tui-col-date = التاريخ
tui-col-profile = ملف التعريف
tui-col-target = الهدف
tui-col-figures = الأرقام
# Messages of the bottom line.
tui-stop-to-size = أوقف التشغيل (Esc) لتغيير الحجم
tui-stop-to-switch = يوجد تشغيل جارٍ: أوقفه (Esc) قبل الانتقال إلى صفحة { $page }
tui-stop-to-change = أوقف التشغيل (Esc) لتغيير الإعدادات
tui-cannot-start = تعذّر البدء: { $why }
tui-nothing-to-save = لا يوجد ما يُحفظ بعد: شغّل قياس الأداء أولًا
tui-saved = حُفظ في { $name }
tui-cannot-save = تعذّر حفظ { $name }: { $why }
tui-nothing-to-copy = لا يوجد ما يُنسخ بعد: شغّل قياس الأداء أولًا
tui-copied = نُسخ التقرير إلى الحافظة (OSC 52)
tui-cannot-copy = تعذّر النسخ: { $why }
tui-no-runs = لا توجد عمليات تشغيل محفوظة بعد: أضف --save إلى أمر التشغيل
# The pages' tabs (lower case in the terminal).
tui-page-grid = الشبكة
tui-page-fill = الكتابة المستمرة
tui-page-history = السجل

### The Language menu and the About dialog

# The Language menu's first entry: the language the desktop session asks for (LANG, LC_ALL, LC_MESSAGES); $name is that language's name.
language-system = النظام ({ $name })
# The language was changed but could not be remembered for the next start; $why is the system's reason.
not-remembered = لن يُحفظ اختيار اللغة للمرة القادمة: { $why }
# A result file that is not diskmark's: $file its name, $why the reason (in English, from the core).
not-a-result = { $file } ليس نتيجة diskmark صالحة: { $why }
