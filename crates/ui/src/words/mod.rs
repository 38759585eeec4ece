//! Every word the interface shows (see [`crate::lang`] for the
//! placeholders). The English is here, in the code, grouped by where it
//! appears: [`page`] the markup's words, [`play`] the words of play,
//! [`rules`] the rules, the sources and the New game dialog, [`link`] a
//! game that could not be opened whole, [`reasons`] the rules engine's
//! reasons and [`embed`] an embedded board's options it cannot use; the
//! side names are in [`crate::lang`].
//!
//! French, German and Spanish are data: one file per language,
//! `www/words/fr.json` (and `de`, `es`), which maps each module's section
//! (`play`) and each English message to its translation. The page fetches
//! a language's file only for a reader of that language, reads it with
//! serde ([`crate::lang::Words`]) and installs it
//! ([`crate::lang::install`]); until then, and for any message a file
//! lacks, the English is shown. A test checks that the files hold exactly
//! the messages of the code.

pub mod embed;
pub mod link;
pub mod page;
pub mod play;
pub mod reasons;
pub mod rules;
