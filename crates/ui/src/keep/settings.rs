//! The reader's comforts: coordinates shown or not, a high-contrast board,
//! sounds for moves, captures and the end of the game, threats marked,
//! the language. Kept
//! in the browser, once for the game page and once for all embedded boards
//! (so a choice made on the game page never makes an article's boards
//! sound).
//!
//! Pure Rust, tested natively; `panel` shows the choices and `audio` plays.

use asalto_core::Game;

use crate::lang::Lang;

/// The reader's choices.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settings {
    /// Files and ranks drawn around the board.
    pub coordinates: bool,
    /// Black on white, stronger colours.
    pub contrast: bool,
    /// Sounds on.
    pub sound: bool,
    /// What is threatened marked on the board and said.
    pub threats: bool,
    /// The language chosen, if the reader chose one (else the page's or
    /// the browser's).
    pub lang: Option<Lang>,
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

impl Settings {
    /// The choices before the reader makes any: sounds only on the game
    /// page.
    pub fn default_for(embedded: bool) -> Settings {
        Settings {
            coordinates: true,
            contrast: false,
            sound: !embedded,
            threats: false,
            lang: None,
        }
    }

    /// Its stored text, e.g. `comfort coordinates contrast lang=fr` (the
    /// choices that are on, and the language chosen).
    pub fn encode(&self) -> String {
        let mut text = "comfort".to_owned();
        let on = [
            (self.coordinates, "coordinates"),
            (self.contrast, "contrast"),
            (self.sound, "sound"),
            (self.threats, "threats"),
        ];
        for (_, name) in on.iter().filter(|(on, _)| *on) {
            text.push(' ');
            text.push_str(name);
        }
        if let Some(lang) = self.lang {
            text.push_str(" lang=");
            text.push_str(lang.code());
        }
        text
    }

    /// Reads a stored text; `None` for anything else.
    pub fn decode(text: &str) -> Option<Settings> {
        let mut words = text.split(' ');
        if words.next()? != "comfort" {
            return None;
        }
        let mut comfort = Settings {
            coordinates: false,
            contrast: false,
            sound: false,
            threats: false,
            lang: None,
        };
        for word in words {
            match word {
                "coordinates" => comfort.coordinates = true,
                "contrast" => comfort.contrast = true,
                "sound" => comfort.sound = true,
                "threats" => comfort.threats = true,
                _ => comfort.lang = Some(Lang::from_tag(word.strip_prefix("lang=")?)?),
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

/// Samples per second of the sounds.
const RATE: u32 = 11_025;

impl Sound {
    /// Its notes: (frequency in Hz, start and length in seconds).
    fn notes(self) -> &'static [(f64, f64, f64)] {
        match self {
            Sound::Move => &[(520.0, 0.0, 0.06)],
            Sound::Capture => &[(660.0, 0.0, 0.08), (440.0, 0.09, 0.11)],
            Sound::End => &[(523.0, 0.0, 0.13), (659.0, 0.14, 0.13), (784.0, 0.28, 0.3)],
        }
    }

    /// The sound as a WAV file: 8-bit mono samples of its notes (triangle
    /// waves), each rising in 5 ms and dying away.
    pub fn wav(self) -> Vec<u8> {
        let notes = self.notes();
        let seconds = notes
            .iter()
            .map(|&(_, at, len)| at + len)
            .fold(0.0, f64::max);
        let count = (seconds * f64::from(RATE)) as u32;
        let samples = (0..count).map(|i| {
            let t = f64::from(i) / f64::from(RATE);
            let level: f64 = notes
                .iter()
                .filter(|&&(_, at, len)| t >= at && t < at + len)
                .map(|&(frequency, at, len)| {
                    let since = t - at;
                    let envelope = (since / 0.005).min(1.0) * (1.0 - since / len).powi(2);
                    // A triangle wave: soft, and no sine code in the module.
                    let phase = (frequency * since).fract();
                    envelope * (4.0 * (phase - 0.5).abs() - 1.0)
                })
                .sum();
            (128.0 + 40.0 * level.clamp(-3.0, 3.0)).round() as u8
        });
        let mut wav = Vec::with_capacity(44 + count as usize);
        let u32le = |wav: &mut Vec<u8>, n: u32| wav.extend_from_slice(&n.to_le_bytes());
        wav.extend_from_slice(b"RIFF");
        u32le(&mut wav, 36 + count);
        wav.extend_from_slice(b"WAVEfmt ");
        u32le(&mut wav, 16);
        wav.extend_from_slice(&[1, 0, 1, 0]); // PCM, mono
        u32le(&mut wav, RATE);
        u32le(&mut wav, RATE); // bytes per second
        wav.extend_from_slice(&[1, 0, 8, 0]); // 1 byte a frame, 8 bits
        wav.extend_from_slice(b"data");
        u32le(&mut wav, count);
        wav.extend(samples);
        wav
    }
}

/// `bytes` in base64 (RFC 4648, with padding), for a `data:` URL.
pub fn base64(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut text = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                text.push(char::from(DIGITS[(n >> (18 - 6 * i) & 63) as usize]));
            } else {
                text.push('=');
            }
        }
    }
    text
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
                    for lang in [None, Some(Lang::Fr), Some(Lang::En)] {
                        let c = Settings {
                            coordinates,
                            contrast,
                            sound,
                            threats: sound && contrast,
                            lang,
                        };
                        assert_eq!(Settings::decode(&c.encode()), Some(c));
                    }
                }
            }
        }
        assert_eq!(
            Settings::default_for(false).encode(),
            "comfort coordinates sound"
        );
        assert_eq!(Settings::default_for(true).encode(), "comfort coordinates");
        assert_eq!(Settings::decode("comfort loud"), None);
        assert_eq!(
            Settings::decode("comfort lang=de").and_then(|c| c.lang),
            Some(Lang::De)
        );
        assert_eq!(Settings::decode("comfort lang=it"), None);
        assert_eq!(Settings::decode("asalto 1"), None);
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

    #[test]
    fn sounds_are_wav_files_and_base64_is_rfc_4648() {
        for sound in [Sound::Move, Sound::Capture, Sound::End] {
            let wav = sound.wav();
            assert_eq!(&wav[..4], b"RIFF");
            assert_eq!(&wav[8..16], b"WAVEfmt ");
            let data = u32::from_le_bytes([wav[40], wav[41], wav[42], wav[43]]);
            assert_eq!(data as usize, wav.len() - 44);
            assert!(wav[44..].iter().any(|&s| s > 150), "{sound:?} is audible");
        }
        assert!(Sound::End.wav().len() > Sound::Move.wav().len());
        assert_eq!(base64(b""), "");
        assert_eq!(base64(b"f"), "Zg==");
        assert_eq!(base64(b"fo"), "Zm8=");
        assert_eq!(base64(b"foo"), "Zm9v");
        assert_eq!(base64(b"foobar"), "Zm9vYmFy");
        assert_eq!(base64(&[0xfb, 0xff]), "+/8=");
    }
}
