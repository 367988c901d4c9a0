//! Learning the game at the table: the rules card of the game on the
//! table (`rules`) and the first-game coach (`coach`). Pure logic, no
//! browser access, tested natively; the components render what these say.

pub mod coach;
pub mod coach_text;
pub mod rules;
