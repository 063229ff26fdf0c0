//! The interface's pages, apart from the state that shows them, so that
//! the drawing of each and the state both name them.

/// The interface's pages, each with its key (`Tab` goes to the next).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Page {
    /// CrystalDiskMark's grid and the settings (`g`).
    Grid,
    /// A sustained write, drawn as it goes (`w`).
    Fill,
    /// The runs of the history database (`H`).
    History,
}

impl Page {
    /// Every page, in `Tab`'s order.
    pub const ALL: [Page; 3] = [Page::Grid, Page::Fill, Page::History];

    /// Its name on screen.
    pub fn name(self) -> String {
        match self {
            Page::Grid => crate::fl!("tui-page-grid"),
            Page::Fill => crate::fl!("tui-page-fill"),
            Page::History => crate::fl!("tui-page-history"),
        }
    }

    /// The key that shows it.
    pub fn key(self) -> char {
        match self {
            Page::Grid => 'g',
            Page::Fill => 'w',
            Page::History => 'H',
        }
    }
}
