//! The reader's comforts: coordinates shown or not, a high-contrast board,
//! sounds for moves, captures and the end of the game. Kept in the
//! browser, once for the game page and once for all embedded boards (so a
//! choice made on the game page never makes an article's boards sound).
//!
//! Pure Rust, tested natively; `dom` shows the choices and `audio` plays.

use asalto_core::Game;

/// The reader's choices.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Comfort {
    /// Files and ranks drawn around the board.
    pub coordinates: bool,
    /// Black on white, stronger colours.
    pub contrast: bool,
    /// Sounds on.
    pub sound: bool,
}

/// The storage key of the choices of the game page, or of every
/// embedded board.
pub fn key(embedded: bool) -> &'static str {
    if embedded {
        "asalto:comfort:embedded"
    } else {
        "asalto:comfort:page"
    }
}

impl Comfort {
    /// The choices before the reader makes any: sounds only on the game
    /// page.
    pub fn default_for(embedded: bool) -> Comfort {
        Comfort {
            coordinates: true,
            contrast: false,
            sound: !embedded,
        }
    }

    /// Its stored text, e.g. `coordinates contrast` (the choices that are on).
    pub fn encode(&self) -> String {
        let on: Vec<&str> = [
            (self.coordinates, "coordinates"),
            (self.contrast, "contrast"),
            (self.sound, "sound"),
        ]
        .iter()
        .filter(|(on, _)| *on)
        .map(|(_, name)| *name)
        .collect();
        format!("comfort {}", on.join(" ")).trim_end().to_owned()
    }

    /// Reads a stored text; `None` for anything else.
    pub fn decode(text: &str) -> Option<Comfort> {
        let mut words = text.split(' ');
        if words.next()? != "comfort" {
            return None;
        }
        let mut comfort = Comfort {
            coordinates: false,
            contrast: false,
            sound: false,
        };
        for word in words {
            match word {
                "coordinates" => comfort.coordinates = true,
                "contrast" => comfort.contrast = true,
                "sound" => comfort.sound = true,
                _ => return None,
            }
        }
        Some(comfort)
    }
}

/// A sound the board makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sound {
    /// A piece stepped or was placed.
    Move,
    /// Rebels were taken (or an officer huffed).
    Capture,
    /// The game ended.
    End,
}

/// The sound of the move just played in `game`.
pub fn sound_of_last_move(game: &Game) -> Option<Sound> {
    let m = game.last_move()?;
    Some(if game.outcome().is_some() {
        Sound::End
    } else if !m.captured().is_empty() || !m.huffed().is_empty() {
        Sound::Capture
    } else {
        Sound::Move
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use asalto_core::Record;

    #[test]
    fn choices_read_back() {
        for coordinates in [false, true] {
            for contrast in [false, true] {
                for sound in [false, true] {
                    let c = Comfort {
                        coordinates,
                        contrast,
                        sound,
                    };
                    assert_eq!(Comfort::decode(&c.encode()), Some(c));
                }
            }
        }
        assert_eq!(
            Comfort::default_for(false).encode(),
            "comfort coordinates sound"
        );
        assert_eq!(Comfort::default_for(true).encode(), "comfort coordinates");
        assert_eq!(Comfort::decode("comfort loud"), None);
        assert_eq!(Comfort::decode("asalto 1"), None);
    }

    #[test]
    fn moves_captures_and_the_end_sound_different() {
        let game =
            |r: &str| Game::from_record(&r.parse::<Record>().expect("a record")).expect("legal");
        assert_eq!(sound_of_last_move(&game("assault")), None);
        assert_eq!(
            sound_of_last_move(&game("assault d4-d5")),
            Some(Sound::Move)
        );
        let capture = "assault d4-d5 c5-d4 d5-d6 e5xc7";
        assert_eq!(sound_of_last_move(&game(capture)), Some(Sound::Capture));
        let end = "assault;defender-wins-below=24 d4-d5 c5-c6 c4-c5 c6xc4";
        assert_eq!(sound_of_last_move(&game(end)), Some(Sound::End));
    }
}
