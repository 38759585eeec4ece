//! The browser's local storage: the saved game ([`Saved`]'s text; an
//! earlier version's, JSON or text, read by a part of the module) and the
//! reader's choices ([`Settings`]). A storage that is full, forbidden or
//! holds something else only costs the next visit its game or its choices.

use web_sys::{Storage, Window};

use asalto_ui::computer::Player;
use asalto_ui::keep::saved::Saved;
use asalto_ui::keep::settings::{self, Settings};

use crate::events;
use crate::parts;

fn storage(window: &Window) -> Option<Storage> {
    window.local_storage().ok().flatten()
}

/// Runs `then` with the game saved under `key`, if one can be read and
/// opened: at once, but for an earlier version's, which a part of the
/// module reads (`None` if the part cannot be fetched: the game stays in
/// storage until the board saves another).
pub(crate) fn load(window: &Window, key: &str, then: impl FnOnce(Option<Saved>) + 'static) {
    let Some(text) = storage(window).and_then(|s| s.get_item(key).ok().flatten()) else {
        return then(None);
    };
    match Saved::decode(&text) {
        Some(saved) => then(Some(saved)),
        None => events::spawn(async move {
            then(parts::saved_earlier(text).await.ok().flatten());
        }),
    }
}

/// Keeps `saved` under `key`.
pub(crate) fn save(window: &Window, key: &str, saved: &Saved) {
    if let Some(storage) = storage(window) {
        let _ = storage.set_item(key, &saved.encode());
    }
}

/// The reader's choices for the game page or for embedded boards.
pub(crate) fn comfort(window: &Window, embedded: bool) -> Settings {
    storage(window)
        .and_then(|s| s.get_item(settings::key(embedded)).ok().flatten())
        .and_then(|text| Settings::decode(&text))
        .unwrap_or(Settings::default_for(embedded))
}

/// Keeps the reader's choices.
pub(crate) fn keep_comfort(window: &Window, embedded: bool, choices: Settings) {
    if let Some(storage) = storage(window) {
        let _ = storage.set_item(settings::key(embedded), &choices.encode());
    }
}

/// Where the players the reader last chose are kept (the New game
/// dialog's, or the first visit's card's).
const PLAYERS_KEY: &str = "asalto-players";

/// The players the reader last chose on this device: `0` a person, else
/// the computer's level, the attackers' first (`"0 3"`).
pub(crate) fn chosen_players(window: &Window) -> Option<[Player; 2]> {
    let text = storage(window)?.get_item(PLAYERS_KEY).ok().flatten()?;
    let mut players = text
        .split(' ')
        .map(|n| n.parse::<u32>().ok().and_then(|n| Player::try_from(n).ok()));
    Some([players.next()??, players.next()??])
}

/// Keeps the players the reader last chose.
pub(crate) fn keep_chosen_players(window: &Window, players: [Player; 2]) {
    if let Some(storage) = storage(window) {
        let [a, d] = players.map(u32::from);
        let _ = storage.set_item(PLAYERS_KEY, &format!("{a} {d}"));
    }
}

/// Where the lessons done are kept.
const LESSONS_KEY: &str = "asalto-lessons";

/// The lessons done on this device, a bit each.
pub(crate) fn lessons_done(window: &Window) -> asalto_ui::newcomer::lessons::Done {
    storage(window)
        .and_then(|s| s.get_item(LESSONS_KEY).ok().flatten())
        .and_then(|text| text.parse().ok())
        .unwrap_or(0)
}

/// Keeps the lessons done.
pub(crate) fn keep_lessons_done(window: &Window, done: asalto_ui::newcomer::lessons::Done) {
    if let Some(storage) = storage(window) {
        let _ = storage.set_item(LESSONS_KEY, &done.to_string());
    }
}
