//! The analysis board's controls that leave it for another view of the
//! lab (the position editor, the connection settings): the view closes
//! back to the board, and the control that left it takes the focus again.

/// A control that leaves the analysis board for another view.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LeftBy {
    /// "Edit position", under the line of play.
    EditPosition,
    /// The way to the tables' address, where the site serves no tables.
    TablesAddress,
}

impl LeftBy {
    /// The control's `data-action`.
    pub fn action(self) -> &'static str {
        match self {
            LeftBy::EditPosition => "edit-position",
            LeftBy::TablesAddress => "tables-address",
        }
    }

    /// A CSS selector of the control on the analysis board.
    pub fn selector(self) -> String {
        format!("[data-analysis] [data-action={}]", self.action())
    }
}
