# diskmark: pencerenin ve TUI'nin iletileri (docs/i18n.md), Türkçe.
# SEQ1M, Q8T1, RND4K, MB/s, GB/s, IOPS ve µs çevrilmez.

### The window

language-name = Türkçe

all = Hepsi
stop = Durdur
target = Hedef
unit = Birim
read = Okuma
write = Yazma
mix = Karışık
ready = Hazır
stopping = Durduruluyor…
finished = Tamamlandı
stopped = Durduruldu: tamamlanan testler korundu
notes = Notlar
prefill = Test dosyası hazırlanıyor: %{ $pct }
interval = Aralık: { $seconds } s
running-rate = { $phase } · { $test } { $direction } · döngü { $lp }/{ $loops } · { $mbps } MB/s
running = { $phase } · { $test } { $direction } · döngü { $lp }/{ $loops }
phase-warmup = Isınma
phase-measure = Ölçüm
phase-drain = Boşaltma
time-left = { $clock } kaldı
error = hata: { $sentence }
written = yazıldı: { $names }
settings-locked = Ayarları değiştirmek için çalıştırmayı durdurun
engine = Motor
choose-folder = Klasör seç…
folder = Klasör
use-folder = Kullan
cancel = İptal
no-folder = hata: test dosyasının oluşturulacağı klasörün yolunu yazın
bad-value = hata: { $label }: { $why }; { $kept } olarak kalıyor
engine-unavailable = { $name }: burada kullanılamıyor: { $why }
not-a-folder = hata: { $path } hedefi bir blok aygıtı, klasör değil; test dosyasının oluşturulacağı klasörü seçin (ham aygıtları komut satırı test eder)
copy = Raporu kopyala
save-text = Metni kaydet…
save-json = JSON kaydet…
save-markdown = Markdown kaydet…
save-png = Grafiği kaydet (PNG)…
save-card = Görüntüyü kaydet (kart)…
save-history = Geçmişe kaydet…
open = Sonuç aç…
file-kind-text = Metin
save = Kaydet
open-button = Aç
browse = Gözat…
path-placeholder = /path/to/file
copied = metin raporu panoda
nothing-to-save = henüz kaydedilecek bir şey yok: testleri çalıştırın veya bir sonuç açın
cannot-save = bu eylem bir dosya okur; hiçbir şey kaydetmez
no-file = açılacak sonuç dosyasını belirtin
path-save-text = Metin raporunu şuraya kaydet
path-save-json = JSON raporunu şuraya kaydet
path-save-markdown = Markdown tablosunu şuraya kaydet
path-save-png = Grafiği (PNG) şuraya kaydet
path-save-card = Kartı (PNG) şuraya kaydet
path-save-history = Geçmiş veritabanına kaydet
path-open = Sonuç dosyasını aç
shown = Gösterilen: { $file }; değerler bir çalıştırmaya değil, dosyaya ait
saved-as = { $db } içinde #{ $id } numaralı çalıştırma olarak kaydedildi
chart-failed = grafik PNG olarak çizilemedi: { $why }
no-direction = { $n ->
    [one] Dosyadaki { $n } testin yönü yok ve gösterilmiyor
   *[other] Dosyadaki { $n } testin yönü yok ve gösterilmiyor
}
look-light = Açık
look-dark = Koyu
look-high-contrast = Yüksek karşıtlık
comment = Yorum (sonucun etiketi)
heading = { $direction } [{ $unit }]
mbps = { $v } MB/s
iops = { $v } IOPS
micros = { $us } µs
ran = { $qt } olarak çalıştı
gbps = { $v } GB/s
every-unit-mean = { $mbps } · { $gbps } · { $iops } · ortalama { $mean }
every-unit = { $mbps } · { $gbps } · { $iops }
spread-ci = { $n ->
    [one] { $n } döngü: { $min } – { $max } MB/s, ±%{ $ci } (%95 güven)
   *[other] { $n } döngü: { $min } – { $max } MB/s, ±%{ $ci } (%95 güven)
}
spread = { $n ->
    [one] { $n } döngü: { $min } – { $max } MB/s
   *[other] { $n } döngü: { $min } – { $max } MB/s
}
menu-file = Dosya
menu-settings = Ayarlar
menu-theme = Tema
menu-language = Dil
menu-help = Yardım
quit = Çıkış
profile = Profil
presets = Ön ayarlar
test-data = Test verileri
test-parameters = Test parametreleri…
all-settings = Tüm ayarlar…
look-system = Sistem
shortcuts = Klavye kısayolları…
about = diskmark hakkında…
close = Kapat
reset-tests = CrystalDiskMark testlerine sıfırla
param-test = Test
param-pattern = Desen
param-block = Blok
param-queue = Kuyruk
param-threads = İş parçacığı
about-what = Bir depolama karşılaştırma aracı: CrystalDiskMark testleri, doğru ölçülmüş, yerel G/Ç motorlarıyla.
about-licence = Lisans: { $licence }
about-home = Ana sayfa: { $url }
about-docs = Yöntem: { $method } · Rapor biçimleri: { $formats }
page-grid = Izgara
page-sustained = Sürekli yazma
page-span = Aygıt haritası
page-qos = Yük altında gecikme
page-history = Geçmiş
start = Başlat
fill-size = Yazılacak
fill-free-space = boş alana kadar (bir pay bırakılarak)
gb-written = Yazılan GB
position = aygıttaki konum (%)
nothing-measured = henüz ölçülen örnek yok
span-device = Haritalanacak aygıt (/dev/…) ya da hedef klasörün kendi test dosyası için boş
qos-what = Önce yalnız RND4K Q1T1 okumaları, ardından SEQ1M Q8T1 ikinci bir dosyaya yazarken: p50, p99 ve p99.9 (docs/measurement.md#latency-under-load)
qos-running = Önce yalnız okumalar, ardından yazma yükü altında ölçülüyor…
no-history = Henüz kaydedilmiş çalıştırma yok: Dosya → Geçmişe kaydet… son çalıştırmayı kaydeder
choose-two = Karşılaştırmak için iki çalıştırma seçin
knee = önbellek ≈ { $gb } GB
sustained-progress-rate = { $done } / { $total } GB yazıldı · { $mbps } MB/s
sustained-progress = { $done } / { $total } GB yazıldı
sustained-what-size = SEQ1M Q8T1 hedef klasöre { $gb } GB yazar
sustained-what-free = SEQ1M Q8T1, sürücünün yazma önbelleğini iyice aşana kadar yazar (boş alan eksi bir pay)
span-what = İlk bayttan son bayta sıralı örnekler, ardından rastgele 4 KiB okumalar (salt okunur)
span-progress = { $done } / { $total }
span-filling = aygıt haritası: test dosyası dolduruluyor, { $done } / { $total } GB
span-sample = aygıt haritası: örnek { $done } / { $total } · { $rate } MB/s
span-access = aygıt haritası: rastgele okuma { $done } / { $total }
date-time = { $day }.{ $month }.{ $year } { $time }
unreadable-runs = { $n ->
    [one] { $n } kayıtlı çalıştırma okunamadı ve listelenmiyor
   *[other] { $n } kayıtlı çalıştırma okunamadı ve listelenmiyor
}

key-run-all = Tüm testleri çalıştır
key-stop = Çalıştırmayı durdur (veya bir menüyü ya da iletişim kutusunu kapat)
key-open = Bir sonuç aç
key-save-json = JSON raporunu kaydet
key-save-card = Kart görüntüsünü kaydet
key-copy = Metin raporunu kopyala
key-settings = Tüm ayarlar
key-shortcuts = Bu kısayollar
key-menus = Menüler (ardından oklar, Enter ve Escape)
key-menu-keys = Dosya, Ayarlar, Tema, Dil, Yardım
key-quit = Çık (önce çalıştırma durdurulur)

### The settings (shared by the window and the TUI)

setting-profile = Profil
setting-mix = +Karışık
setting-mix-read = Karışık okuma %
setting-mode = Kip
setting-loops = Döngüler
setting-size = Boyut
setting-measure = Ölçüm (s)
setting-interval = Aralık (s)
setting-warmup = Isınma (s)
setting-data = Veri
setting-buffered = O_DIRECT
setting-drop-caches = Sayfa önbelleğini boşalt
setting-drop-caches-hint = root: her okuma döngüsünden önce tüm sayfa önbelleği
setting-strict = Katı
setting-strict-hint = tam olarak Q ve T, yoksa reddet
setting-loop-stat = Döngü istatistiği
on = açık
off = kapalı
profile-default = Varsayılan
profile-nvme = NVMe SSD
profile-peak = En yüksek başarım
profile-peak-nvme = En yüksek başarım (NVMe SSD)
profile-real = Gerçek dünya başarımı
profile-demo = Demo
profile-custom = Özel
mode-read-write = Okuma + Yazma
mode-read = Yalnızca okuma
mode-write = Yalnızca yazma
mode-mix = Yalnızca karışık
data-random = Rastgele
data-zeros = Tümü 0x00
stat-mean = Ortalama
stat-best = En iyi
stat-median = Medyan

### The terminal interface (TUI)

tui-key-move = Başlat, testler ve ayarlar arasında gezin
tui-key-change = seçili ayarı değiştir
tui-key-start = başlat (tümü veya seçili test); bir ayarda: değiştir
tui-key-stop = çalışan testi durdur (test dosyası silinir)
tui-key-target = hedef yol yaz (kabuktaki gibi Ctrl-A Ctrl-E Ctrl-U Ctrl-W)
tui-key-unit = birimi değiştir: MB/s, GB/s, IOPS, µs
tui-key-save = raporu metin / JSON olarak kaydet (diskmark_YYYYMMDDhhmmss)
tui-key-copy = raporu panoya kopyala (OSC 52)
tui-key-pages = sayfalar: ızgara, sürekli yazma, geçmiş (çalıştırma sürerken değil)
tui-key-fill = sürekli yazma: Enter başlatır, ← → boyutunu seçer
tui-key-history = geçmiş: ↑ ↓ kaydırır, r veritabanını yeniden okur
tui-key-quit = çık
tui-keys = Tuşlar
tui-help-close = herhangi bir tuş bu yardımı kapatır
tui-settings = Ayarlar
tui-target-prompt = { " " }Hedef yol: { $before }▏{ $after } (Enter kabul, Esc iptal, Ctrl-U temizle){ " " }
tui-hint-grid = { " " }↑↓ gezin · ←→ değiştir · Enter başlat · Esc durdur · s kaydet · ? yardım · q çık{ " " }
tui-hint-fill = { " " }Enter başlat · ←→ boyut · Esc durdur · Tab sayfa · ? yardım · q çık{ " " }
tui-hint-history = { " " }↑↓ kaydır · r yeniden oku · Tab sayfa · ? yardım · q çık{ " " }
tui-header = { "  " }{ $profile } · { $loops ->
    [one] { $loops } döngü
   *[other] { $loops } döngü
} · { $size } · { $target }{ $mix } · { $unit }
tui-mix-heading = Karışık { $read }/{ $write }
no-io = G/Ç yok
tui-ready = Hazır: Enter tüm testleri başlatır; bir test satırında yalnızca o testi
tui-finished = Tamamlandı. s: raporu kaydet · J: JSON kaydet · c: kopyala
tui-stopped = Durduruldu. Test dosyası silindi.
tui-interval = Aralık: sonraki test { $seconds } s sonra
tui-running = { $test } { $direction } · döngü { $lp }/{ $loops } · { $phase } · { $left } s kaldı
tui-running-rate = { $test } { $direction } · döngü { $lp }/{ $loops } · { $phase } · { $left } s kaldı · { $mbps } MB/s
unknown = bilinmiyor
tui-fill-default-size = varsayılan (boş alan eksi bir pay, en az 1 GiB)
tui-fill-head = { "  " }Sürekli yazma · { $test } · boyut: { $size } · { $target }
tui-fill-ready = Hazır: Enter sürekli yazmayı başlatır; ←→ boyutunu seçer (hedef, motor, veri ve O_DIRECT ızgaranın ayarlarından alınır)
tui-fill-starting = Sürekli yazma hazırlanıyor…
tui-fill-writing = Yazılıyor…
tui-fill-now = Yazılan: { $done } / { $total } GB · henüz örnek yok
tui-fill-now-rate = Yazılan: { $done } / { $total } GB · şu an { $mbps } MB/s
tui-fill-chart = Yazılan GB'a göre MB/s
tui-fill-line = sürekli yazma { $done } / { $total } GB · { $rate } MB/s · { $left }
tui-left-unknown = kalan süre bilinmiyor
tui-none = yok
tui-history-db = Geçmiş: { $db }
tui-history-reading = Geçmiş okunuyor…
tui-history-count = { $n ->
    [one] { $n } çalıştırma
   *[other] { $n } çalıştırma
} · { $first }–{ $last } gösteriliyor (diskmark history show ID birini tam olarak gösterir)
tui-col-id = no
tui-col-date = tarih
tui-col-profile = profil
tui-col-target = hedef
tui-col-figures = değerler
tui-stop-to-size = boyutu değiştirmek için çalıştırmayı durdurun (Esc)
tui-stop-to-switch = bir çalıştırma sürüyor: { $page } sayfasına geçmeden önce durdurun (Esc)
tui-stop-to-change = ayarları değiştirmek için çalıştırmayı durdurun (Esc)
tui-cannot-start = başlatılamıyor: { $why }
tui-nothing-to-save = henüz kaydedilecek bir şey yok: önce bir test çalıştırın
tui-saved = { $name } dosyasına kaydedildi
tui-cannot-save = { $name } kaydedilemiyor: { $why }
tui-nothing-to-copy = henüz kopyalanacak bir şey yok: önce bir test çalıştırın
tui-copied = rapor panoya kopyalandı (OSC 52)
tui-cannot-copy = kopyalanamıyor: { $why }
tui-no-runs = henüz kaydedilmiş çalıştırma yok: bir çalıştırmaya --save ekleyin
tui-page-grid = ızgara
tui-page-fill = sürekli yazma
tui-page-history = geçmiş

### The Language menu and the About dialog

language-system = Sistem ({ $name })
not-remembered = dil hatırlanmayacak: { $why }
not-a-result = { $file } geçerli bir diskmark sonucu değil: { $why }
