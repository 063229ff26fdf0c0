# diskmark: mensagens da janela e da TUI, em português do Brasil.
# SEQ1M, Q8T1, RND4K, MB/s, GB/s, IOPS e µs não são traduzidos.

### The window

language-name = Português (Brasil)

all = Todos
stop = Parar
target = Destino
unit = Unidade
read = Leitura
write = Escrita
mix = Mix
ready = Pronto
stopping = Parando…
finished = Concluído
stopped = Parado: os testes concluídos foram mantidos
notes = Notas
prefill = Preparando o arquivo de teste: { $pct } %
interval = Intervalo: { $seconds } s
running-rate = { $phase } · { $test } { $direction } · ciclo { $lp }/{ $loops } · { $mbps } MB/s
running = { $phase } · { $test } { $direction } · ciclo { $lp }/{ $loops }
phase-warmup = Aquecimento
phase-measure = Medindo
phase-drain = Esvaziando
time-left = faltam { $clock }
error = erro: { $sentence }
written = arquivos gravados: { $names }
settings-locked = Pare a execução para alterar as configurações
engine = Mecanismo
choose-folder = Escolher pasta…
folder = Pasta
use-folder = Usar
cancel = Cancelar
no-folder = erro: digite o caminho da pasta onde o arquivo de teste será criado
bad-value = erro: { $label }: { $why }; permanece { $kept }
engine-unavailable = { $name }: indisponível aqui: { $why }
not-a-folder = erro: o destino { $path } é um dispositivo de bloco, não uma pasta; escolha a pasta onde o arquivo de teste será criado (a linha de comando testa dispositivos brutos)
copy = Copiar relatório
save-text = Salvar texto…
save-json = Salvar JSON…
save-markdown = Salvar Markdown…
save-png = Salvar gráfico (PNG)…
save-card = Salvar imagem (cartão)…
save-history = Salvar no histórico…
open = Abrir resultado…
file-kind-text = Texto
save = Salvar
open-button = Abrir
browse = Procurar…
path-placeholder = /path/to/file
copied = o relatório em texto está na área de transferência
nothing-to-save = ainda não há nada para salvar: execute os testes ou abra um resultado
cannot-save = esta ação lê um arquivo; ela não salva nada
no-file = informe o arquivo de resultado a abrir
path-save-text = Salvar o relatório em texto em
path-save-json = Salvar o relatório JSON em
path-save-markdown = Salvar a tabela Markdown em
path-save-png = Salvar o gráfico (PNG) em
path-save-card = Salvar o cartão (PNG) em
path-save-history = Salvar no banco de dados do histórico
path-open = Abrir o arquivo de resultado
shown = Exibindo { $file }: os valores são do arquivo, não de uma execução
saved-as = salvo como execução #{ $id } em { $db }
chart-failed = não foi possível desenhar o gráfico como PNG: { $why }
no-direction = { $n ->
    [one] { $n } teste do arquivo não tem direção e não é exibido
   *[other] { $n } testes do arquivo não têm direção e não são exibidos
}
look-light = Claro
look-dark = Escuro
look-high-contrast = Alto contraste
comment = Comentário (o rótulo do resultado)
heading = { $direction } [{ $unit }]
mbps = { $v } MB/s
iops = { $v } IOPS
micros = { $us } µs
ran = executou { $qt }
gbps = { $v } GB/s
every-unit-mean = { $mbps } · { $gbps } · { $iops } · média { $mean }
every-unit = { $mbps } · { $gbps } · { $iops }
spread-ci = { $n ->
    [one] { $n } ciclo: { $min } – { $max } MB/s, ±{ $ci } % (95 % de confiança)
   *[other] { $n } ciclos: { $min } – { $max } MB/s, ±{ $ci } % (95 % de confiança)
}
spread = { $n ->
    [one] { $n } ciclo: { $min } – { $max } MB/s
   *[other] { $n } ciclos: { $min } – { $max } MB/s
}
menu-file = Arquivo
menu-settings = Configurações
menu-theme = Tema
menu-language = Idioma
menu-help = Ajuda
quit = Sair
profile = Perfil
presets = Predefinições
test-data = Dados de teste
test-parameters = Parâmetros de teste…
all-settings = Todas as configurações…
look-system = Sistema
shortcuts = Atalhos de teclado…
about = Sobre o diskmark…
close = Fechar
reset-tests = Restaurar os testes do CrystalDiskMark
param-test = Teste
param-pattern = Padrão
param-block = Bloco
param-queue = Fila
param-threads = Threads
about-what = Um benchmark de armazenamento: os testes do CrystalDiskMark, medidos corretamente, com mecanismos de E/S nativos.
about-licence = Licença: { $licence }
about-home = Página inicial: { $url }
about-docs = Método: { $method } · Formatos de relatório: { $formats }
page-grid = Grade
page-sustained = Gravação sustentada
page-span = Mapa do dispositivo
page-qos = Latência sob carga
page-history = Histórico
start = Iniciar
fill-size = Gravar
fill-free-space = até o espaço livre (menos uma margem)
gb-written = GB gravados
position = posição no dispositivo (%)
nothing-measured = nenhuma amostra medida ainda
span-device = Dispositivo a mapear (/dev/…), ou vazio para o próprio arquivo de teste da pasta de destino
qos-what = Leituras RND4K Q1T1 isoladas, depois enquanto SEQ1M Q8T1 grava um segundo arquivo: p50, p99 e p99.9 (docs/measurement.md#latency-under-load)
qos-running = Medindo as leituras isoladas, depois sob a gravação…
no-history = Nenhuma execução registrada ainda: Arquivo → Salvar no histórico… registra a última execução
choose-two = Escolha duas execuções para compará-las
knee = cache ≈ { $gb } GB
sustained-progress-rate = { $done } de { $total } GB gravados · { $mbps } MB/s
sustained-progress = { $done } de { $total } GB gravados
sustained-what-size = SEQ1M Q8T1 grava { $gb } GB na pasta de destino
sustained-what-free = SEQ1M Q8T1 grava até bem além do cache de gravação da unidade (o espaço livre menos uma margem)
span-what = Amostras sequenciais do primeiro ao último byte, depois leituras aleatórias de 4 KiB (somente leitura)
span-progress = { $done } de { $total }
span-filling = mapa do dispositivo: preenchendo o arquivo de teste, { $done } de { $total } GB
span-sample = mapa do dispositivo: amostra { $done } de { $total } · { $rate } MB/s
span-access = mapa do dispositivo: leitura aleatória { $done } de { $total }
date-time = { $day }/{ $month }/{ $year } { $time }
unreadable-runs = { $n ->
    [one] { $n } execução registrada não pôde ser lida e não está listada
   *[other] { $n } execuções registradas não puderam ser lidas e não estão listadas
}

key-run-all = Executar todos os testes
key-stop = Parar a execução (ou fechar um menu ou diálogo)
key-open = Abrir um resultado
key-save-json = Salvar o relatório JSON
key-save-card = Salvar a imagem do cartão
key-copy = Copiar o relatório em texto
key-settings = Todas as configurações
key-shortcuts = Estes atalhos
key-menus = Os menus (depois as setas, Enter e Escape)
key-menu-keys = Arquivo, Configurações, Tema, Idioma, Ajuda
key-quit = Sair (uma execução em andamento é parada antes)

### The settings (shared by the window and the TUI)

setting-profile = Perfil
setting-mix = +Mix
setting-mix-read = Leitura no Mix %
setting-mode = Modo
setting-loops = Ciclos
setting-size = Tamanho
setting-measure = Medição (s)
setting-interval = Intervalo (s)
setting-warmup = Aquecimento (s)
setting-data = Dados
setting-buffered = O_DIRECT
setting-drop-caches = Limpar o cache de páginas
setting-drop-caches-hint = root: todo o cache de páginas antes de cada ciclo de leitura
setting-strict = Estrito
setting-strict-hint = Q e T exatos, ou recusar
setting-loop-stat = Estatística dos ciclos
on = ligado
off = desligado
profile-default = Padrão
profile-nvme = NVMe SSD
profile-peak = Máximo desempenho
profile-peak-nvme = Máximo desempenho (NVMe SSD)
profile-real = Desempenho do mundo real
profile-demo = Demo
profile-custom = Personalizado
mode-read-write = Leitura + Escrita
mode-read = Somente leitura
mode-write = Somente gravação
mode-mix = Somente Mix
data-random = Aleatório
data-zeros = Todos 0x00
stat-mean = Média
stat-best = Melhor
stat-median = Mediana

### The terminal interface (TUI)

tui-key-move = mover entre Iniciar, testes e configurações
tui-key-change = alterar a configuração selecionada
tui-key-start = iniciar (todos, ou o teste selecionado); em uma configuração: alterar
tui-key-stop = parar o benchmark em execução (o arquivo de teste é removido)
tui-key-target = digitar um caminho de destino (Ctrl-A Ctrl-E Ctrl-U Ctrl-W como em um shell)
tui-key-unit = alternar a unidade: MB/s, GB/s, IOPS, µs
tui-key-save = salvar o relatório como texto / JSON (diskmark_YYYYMMDDhhmmss)
tui-key-copy = copiar o relatório para a área de transferência (OSC 52)
tui-key-pages = páginas: grade, gravação sustentada, histórico (não durante uma execução)
tui-key-fill = gravação sustentada: Enter inicia, ← → escolhem o tamanho
tui-key-history = histórico: ↑ ↓ rolam, r lê o banco de dados novamente
tui-key-quit = sair
tui-keys = Teclas
tui-help-close = qualquer tecla fecha esta ajuda
tui-settings = Configurações
tui-target-prompt = { " " }Caminho de destino: { $before }▏{ $after } (Enter aceita, Esc cancela, Ctrl-U limpa){ " " }
tui-hint-grid = { " " }↑↓ mover · ←→ alterar · Enter iniciar · Esc parar · s salvar · ? ajuda · q sair{ " " }
tui-hint-fill = { " " }Enter iniciar · ←→ tamanho · Esc parar · Tab página · ? ajuda · q sair{ " " }
tui-hint-history = { " " }↑↓ rolar · r ler de novo · Tab página · ? ajuda · q sair{ " " }
tui-header = { "  " }{ $profile } · { $loops ->
    [one] { $loops } ciclo
   *[other] { $loops } ciclos
} · { $size } · { $target }{ $mix } · { $unit }
tui-mix-heading = Mix { $read }/{ $write }
no-io = sem E/S
tui-ready = Pronto: Enter inicia todos os testes; em uma linha de teste, somente esse teste
tui-finished = Concluído. s: salvar relatório · J: salvar JSON · c: copiar
tui-stopped = Parado. O arquivo de teste foi removido.
tui-interval = Intervalo: próximo teste em { $seconds } s
tui-running = { $test } { $direction } · ciclo { $lp }/{ $loops } · { $phase } · faltam { $left } s
tui-running-rate = { $test } { $direction } · ciclo { $lp }/{ $loops } · { $phase } · faltam { $left } s · { $mbps } MB/s
unknown = desconhecido
tui-fill-default-size = padrão (o espaço livre menos uma margem, no mínimo 1 GiB)
tui-fill-head = { "  " }Gravação sustentada · { $test } · tamanho: { $size } · { $target }
tui-fill-ready = Pronto: Enter inicia uma gravação sustentada; ←→ escolhem o tamanho (as configurações da grade definem o destino, o mecanismo, os dados e o O_DIRECT)
tui-fill-starting = Preparando a gravação sustentada…
tui-fill-writing = Gravando…
tui-fill-now = Gravados: { $done } de { $total } GB · nenhuma amostra ainda
tui-fill-now-rate = Gravados: { $done } de { $total } GB · { $mbps } MB/s agora
tui-fill-chart = MB/s em função dos GB gravados
tui-fill-line = gravação sustentada { $done } de { $total } GB · { $rate } MB/s · { $left }
tui-left-unknown = tempo restante desconhecido
tui-none = nenhum
tui-history-db = Histórico: { $db }
tui-history-reading = Lendo o histórico…
tui-history-count = { $n ->
    [one] { $n } execução
   *[other] { $n } execuções
} · { $first }–{ $last } exibidas (diskmark history show ID mostra uma por completo)
tui-col-id = id
tui-col-date = data
tui-col-profile = perfil
tui-col-target = destino
tui-col-figures = resultados
tui-stop-to-size = pare a execução (Esc) para alterar o tamanho
tui-stop-to-switch = uma execução está em andamento: pare-a (Esc) antes de mudar para a página { $page }
tui-stop-to-change = pare a execução (Esc) para alterar as configurações
tui-cannot-start = não é possível iniciar: { $why }
tui-nothing-to-save = nada para salvar ainda: execute um benchmark primeiro
tui-saved = salvo em { $name }
tui-cannot-save = não é possível salvar { $name }: { $why }
tui-nothing-to-copy = nada para copiar ainda: execute um benchmark primeiro
tui-copied = relatório copiado para a área de transferência (OSC 52)
tui-cannot-copy = não é possível copiar: { $why }
tui-no-runs = nenhuma execução salva ainda: adicione --save a uma execução
tui-page-grid = grade
tui-page-fill = gravação sustentada
tui-page-history = histórico

### The Language menu and the About dialog

language-system = Sistema ({ $name })
not-remembered = o idioma não será lembrado: { $why }
not-a-result = { $file } não é um resultado válido do diskmark: { $why }
