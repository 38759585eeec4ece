//! The board's sounds: each a short WAV made by [`Sound::wav`], played by
//! an audio element from a `data:` URL (no sound files, no request). Unlike
//! Web Audio, whose first context can hold the page for 100 ms or more
//! while the device starts, an audio element starts off the main thread.

use std::cell::RefCell;

use web_sys::HtmlAudioElement;

use asalto_ui::keep::settings::{Sound, base64};

thread_local! {
    /// The audio element of each sound, made when first played.
    static PLAYERS: RefCell<[Option<HtmlAudioElement>; 3]> = const { RefCell::new([None, None, None]) };
}

/// Plays `sound` from its start; silently nothing where audio is missing
/// or refused.
pub(crate) fn play(sound: Sound) {
    PLAYERS.with(|players| {
        let mut players = players.borrow_mut();
        let slot = &mut players[sound as usize];
        if slot.is_none() {
            let url = format!("data:audio/wav;base64,{}", base64(&sound.wav()));
            *slot = HtmlAudioElement::new_with_src(&url).ok();
        }
        if let Some(player) = slot {
            player.set_current_time(0.0);
            // A refused play (no user gesture yet) only costs the sound.
            let _ = player.play();
        }
    });
}
