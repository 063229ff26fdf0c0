//! What the menus and dialogs keep, and the messages that change it:
//! the types [`crate::app`] holds, in a file of their own so that the app
//! does not import the menus' drawing ([`crate::menu`], [`crate::modal`]).

/// A menu of the bar.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Menu {
    /// Open, save, copy, quit.
    File,
    /// Profile, presets, test data, O_DIRECT, page cache, engine, tests.
    Settings,
    /// System, light, dark, high contrast.
    Theme,
    /// The languages.
    Language,
    /// Shortcuts and About.
    Help,
}

impl Menu {
    /// The bar's menus, left to right.
    pub const ALL: [Menu; 5] = [
        Menu::File,
        Menu::Settings,
        Menu::Theme,
        Menu::Language,
        Menu::Help,
    ];
}

/// A submenu of Settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sub {
    /// The profiles.
    Profile,
    /// The presets.
    Preset,
    /// Random or zeros.
    Data,
    /// The engines.
    Engine,
}

/// Which menu is open, and where the keyboard is in it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MenuState {
    /// The open menu.
    pub open: Option<Menu>,
    /// Its open submenu.
    pub sub: Option<Sub>,
    /// The entry the keyboard is on (in the submenu when one is open).
    pub at: Option<usize>,
}

/// What the bar says.
#[derive(Debug, Clone)]
pub enum MenuMsg {
    /// Open a menu (or close it, when it is the open one).
    Open(Menu),
    /// Open a submenu.
    Sub(Sub),
    /// Close every menu.
    Close,
}

/// A key that moves in a menu.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Nav {
    /// The next entry.
    Down,
    /// The entry before.
    Up,
    /// The menu on the left, or out of a submenu.
    Left,
    /// The menu on the right, or into a submenu.
    Right,
    /// Choose the entry.
    Enter,
    /// Close the menus.
    Escape,
}

/// A dialog over the window ([`crate::modal`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialog {
    /// Each row's test.
    TestParameters,
    /// Every setting of the library's table, and the engines.
    Settings,
    /// The shortcuts.
    Shortcuts,
    /// Version, licence, links.
    About,
}

/// A page of the window.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Page {
    /// CrystalDiskMark's grid.
    #[default]
    Grid,
    /// A sustained write: MB/s against GB written, the cache's knee.
    Sustained,
    /// A whole-device map: MB/s against position, the access times.
    Span,
    /// Latency under load: p50, p99, p99.9 alone and loaded.
    Qos,
    /// The recorded runs; two compared.
    History,
}

impl Page {
    /// Every page, in the tabs' order.
    pub const ALL: [Page; 5] = [
        Page::Grid,
        Page::Sustained,
        Page::Span,
        Page::Qos,
        Page::History,
    ];
}
