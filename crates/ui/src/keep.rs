//! What is kept and shared: the game in the page's address, the game kept
//! between visits, an embedded board's options and what it tells its page,
//! the reader's settings.

pub mod embed;
pub mod link;
pub mod saved;
pub mod settings;
