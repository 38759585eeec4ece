//! The oracle's boards and rule sets: the geometry read from
//! `data/boards.json`, the presets as RULES.md §7 lists them, rule-set
//! text read as the spec words it, and point names.

#![allow(dead_code, clippy::unwrap_used)]

use std::collections::BTreeSet;

pub type Pt = (i32, i32);

pub struct Geometry {
    pub height: i32,
    pub points: BTreeSet<Pt>,
    pub fortress: BTreeSet<Pt>,
    pub lines: BTreeSet<(Pt, Pt)>,
    pub marked: BTreeSet<(Pt, Pt)>,
}

pub fn geometry(board: &str) -> Geometry {
    let json: serde_json::Value =
        serde_json::from_str(include_str!("../data/boards.json")).expect("boards.json");
    let b = &json[board];
    let pt = |v: &serde_json::Value| (v[0].as_i64().unwrap() as i32, v[1].as_i64().unwrap() as i32);
    let set = |key: &str| {
        b[key]
            .as_array()
            .unwrap()
            .iter()
            .map(pt)
            .collect::<BTreeSet<_>>()
    };
    let pairs = |key: &str| {
        let mut out = BTreeSet::new();
        for l in b[key].as_array().unwrap() {
            let (a, c) = (pt(&l[0]), pt(&l[1]));
            out.insert((a, c));
            out.insert((c, a));
        }
        out
    };
    Geometry {
        height: b["height"].as_i64().unwrap() as i32,
        points: set("points"),
        fortress: set("fortress"),
        lines: pairs("lines"),
        marked: pairs("marked"),
    }
}

#[derive(Clone, Debug)]
pub struct RefRules {
    pub board: String,
    pub attackers: String,
    pub defenders: String,
    pub first: String,
    pub march: String,
    pub inside: String,
    pub marked_lines: String,
    pub capture: String,
    pub max_capture: String,
    pub chain: String,
    pub defender_wins_below: String,
}

/// RULES.md §7, key by key.
fn preset(name: &str) -> Option<Vec<(&'static str, &'static str)>> {
    Some(match name {
        "assault" => vec![],
        "asalto" => vec![
            ("defenders", "free"),
            ("march", "not-away"),
            ("capture", "huff"),
        ],
        "german-tactics" => vec![
            ("defenders", "free"),
            ("march", "not-away"),
            ("capture", "huff"),
            ("marked-lines", "on"),
        ],
        "sharpshooters" => vec![
            ("defenders", "free"),
            ("first", "defender"),
            ("march", "not-backward"),
            ("capture", "huff"),
            ("defender-wins-below", "10"),
        ],
        "assaut" => vec![
            ("defenders", "free"),
            ("inside", "free"),
            ("capture", "huff"),
            ("max-capture", "yes"),
        ],
        "belagerung" => vec![
            ("board", "grosses"),
            ("defenders", "free"),
            ("march", "any"),
            ("capture", "optional"),
            ("chain", "may-stop"),
        ],
        "royal-garrison" => vec![("board", "grosses"), ("defenders", "c7,e7,g7")],
        "royal-garrison-diagonals" => vec![("board", "royal-diagonals"), ("defenders", "c7,e7,g7")],
        "simplified" => vec![("board", "simplified")],
        "fuchs-und-henne" => {
            vec![
                ("board", "fuchs-und-henne"),
                ("attackers", "lower"),
                ("defenders", "c7,e7"),
            ]
        }
        "zwei-contra-20" => {
            vec![
                ("board", "contra-20"),
                ("attackers", "lower"),
                ("defenders", "free"),
            ]
        }
        "murray" => vec![
            ("defenders", "c6,e6"),
            ("first", "defender"),
            ("march", "any"),
            ("capture", "huff"),
            ("chain", "single"),
            ("defender-wins-below", "1"),
        ],
        _ => return None,
    })
}

impl RefRules {
    /// Parses `preset;key=value…`; `None` for anything wrong.
    pub fn parse(text: &str) -> Option<RefRules> {
        let mut parts = text.split(';');
        let mut r = RefRules {
            board: "standard".into(),
            attackers: "all".into(),
            defenders: "c5,e5".into(),
            first: "attacker".into(),
            march: "forward".into(),
            inside: "as-outside".into(),
            marked_lines: "off".into(),
            capture: "forced".into(),
            max_capture: "no".into(),
            chain: "must-continue".into(),
            defender_wins_below: String::new(),
        };
        for (k, v) in preset(parts.next()?)? {
            r.set(k, v)?;
        }
        let mut seen = BTreeSet::new();
        for part in parts {
            let (k, v) = part.split_once('=')?;
            if !seen.insert(k.to_owned()) {
                return None;
            }
            r.set(k, v)?;
        }
        r.check()?;
        Some(r)
    }

    fn set(&mut self, k: &str, v: &str) -> Option<()> {
        let ok = |choices: &[&str]| choices.contains(&v).then_some(v.to_owned());
        match k {
            "board" => {
                self.board = ok(&[
                    "standard",
                    "simplified",
                    "fuchs-und-henne",
                    "contra-20",
                    "grosses",
                    "royal-diagonals",
                ])?
            }
            // `all`, `lower` or a list of points, checked in `check`.
            "attackers" => self.attackers = v.to_owned(),
            "defenders" => self.defenders = v.to_owned(),
            "first" => self.first = ok(&["attacker", "defender"])?,
            "march" => self.march = ok(&["forward", "not-away", "not-backward", "any"])?,
            "inside" => self.inside = ok(&["as-outside", "free"])?,
            "marked-lines" => self.marked_lines = ok(&["off", "on"])?,
            "capture" => self.capture = ok(&["optional", "forced", "huff"])?,
            "max-capture" => self.max_capture = ok(&["no", "yes"])?,
            "chain" => self.chain = ok(&["single", "may-stop", "must-continue"])?,
            "defender-wins-below" => {
                if v.is_empty() || !v.bytes().all(|b| b.is_ascii_digit()) || v.len() > 3 {
                    return None;
                }
                self.defender_wins_below = v.to_owned();
            }
            _ => return None,
        }
        Some(())
    }

    fn check(&self) -> Option<()> {
        let g = geometry(&self.board);
        if !matches!(self.attackers.as_str(), "all" | "lower") {
            let mut seen = BTreeSet::new();
            for name in self.attackers.split(',') {
                let p = parse_point(&g, name)?;
                if !g.points.contains(&p) || !seen.insert(p) {
                    return None;
                }
            }
        }
        let attackers = self.attacker_start(&g);
        if self.defenders != "free" {
            let mut seen = BTreeSet::new();
            for name in self.defenders.split(',') {
                let p = parse_point(&g, name)?;
                if !g.points.contains(&p) || attackers.contains(&p) || !seen.insert(p) {
                    return None;
                }
            }
        }
        // Any threshold: above the attackers, the game is decided at once.
        if !self.defender_wins_below.is_empty() {
            let _: usize = self.defender_wins_below.parse().ok()?;
        }
        Some(())
    }

    pub fn attacker_start(&self, g: &Geometry) -> BTreeSet<Pt> {
        match self.attackers.as_str() {
            "all" | "lower" => g
                .points
                .iter()
                .filter(|p| !g.fortress.contains(p) && (self.attackers == "all" || p.1 >= 3))
                .copied()
                .collect(),
            list => list.split(',').filter_map(|n| parse_point(g, n)).collect(),
        }
    }
}

pub fn parse_point(g: &Geometry, name: &str) -> Option<Pt> {
    let b = name.as_bytes();
    if b.len() != 2 || !(b'a'..=b'i').contains(&b[0]) || !(b'1'..=b'9').contains(&b[1]) {
        return None;
    }
    Some(((b[0] - b'a') as i32, g.height - (b[1] - b'0') as i32))
}

pub fn name(g: &Geometry, p: Pt) -> String {
    format!("{}{}", (b'a' + p.0 as u8) as char, g.height - p.1)
}
