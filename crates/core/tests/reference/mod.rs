//! A deliberately naive second implementation of RULES.md, used as a test
//! oracle. It shares no code with the engine: the geometry comes from
//! `data/boards.json`, points are `(x, y)` pairs in sets, presets are copied
//! from RULES.md §7, and every rule is written the way the spec words it.
//! It is slow and that is fine.

// Each test binary uses a different part of the oracle; a panic here is a
// test failure, so unwrap is the honest way to say "the data is well formed".
#![allow(dead_code, clippy::unwrap_used)]

use std::collections::{BTreeMap, BTreeSet};

mod rules;

pub use rules::{Geometry, Pt, RefRules, geometry, name, parse_point};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    pub attackers: BTreeSet<Pt>,
    pub defenders: BTreeSet<Pt>,
    pub turn: char,
    pub to_place: usize,
}

/// A move: its canonical text, every text naming it, and its effect.
#[derive(Clone, Debug)]
pub struct RefMove {
    pub text: String,
    pub texts: BTreeSet<String>,
    pub from: Option<Pt>,
    pub to: Pt,
    pub captured: BTreeSet<Pt>,
    pub huffed: BTreeSet<Pt>,
}

pub struct Referee {
    pub rules: RefRules,
    pub g: Geometry,
}

impl Referee {
    pub fn new(rules: RefRules) -> Referee {
        let g = geometry(&rules.board);
        Referee { rules, g }
    }

    pub fn start(&self) -> State {
        let free = self.rules.defenders == "free";
        let to_place = if !free {
            0
        } else if self.g.points.len() > 33 {
            3
        } else {
            2
        };
        let defenders = if free {
            BTreeSet::new()
        } else {
            self.rules
                .defenders
                .split(',')
                .map(|n| parse_point(&self.g, n).unwrap())
                .collect()
        };
        let turn = if to_place > 0 || self.rules.first == "defender" {
            'D'
        } else {
            'A'
        };
        State {
            attackers: self.rules.attacker_start(&self.g),
            defenders,
            turn,
            to_place,
        }
    }

    fn threshold(&self) -> usize {
        if self.rules.defender_wins_below.is_empty() {
            self.g.fortress.len()
        } else {
            self.rules.defender_wins_below.parse().unwrap()
        }
    }

    /// Checks 1–3 of RULES.md §6: "defender" or "attacker".
    #[allow(clippy::if_same_then_else)] // one branch per numbered check
    pub fn decided(&self, s: &State) -> Option<&'static str> {
        if s.to_place > 0 {
            None
        } else if s.attackers.len() < self.threshold() {
            Some("defender")
        } else if self.g.fortress.iter().all(|p| s.attackers.contains(p)) {
            Some("attacker")
        } else if s.defenders.is_empty() {
            Some("attacker")
        } else {
            None
        }
    }

    fn empty(&self, s: &State, p: Pt) -> bool {
        self.g.points.contains(&p) && !s.attackers.contains(&p) && !s.defenders.contains(&p)
    }

    fn hdist(&self, x: i32) -> i32 {
        let bottom = self.g.fortress.iter().map(|p| p.1).max().unwrap();
        let cols: Vec<i32> = self
            .g
            .fortress
            .iter()
            .filter(|p| p.1 == bottom)
            .map(|p| p.0)
            .collect();
        let (lo, hi) = (*cols.iter().min().unwrap(), *cols.iter().max().unwrap());
        (lo - x).max(x - hi).max(0)
    }

    fn attacker_may(&self, a: Pt, b: Pt) -> bool {
        let r = &self.rules;
        let (a_in, b_in) = (self.g.fortress.contains(&a), self.g.fortress.contains(&b));
        if r.marked_lines == "on" && self.g.marked.contains(&(a, b)) {
            return false;
        }
        if r.march != "any" && a_in && !b_in {
            return false;
        }
        if r.inside == "free" && a_in && b_in {
            return true;
        }
        let dy = b.1 - a.1;
        let bottom = self.g.fortress.iter().map(|p| p.1).max().unwrap();
        match r.march.as_str() {
            "forward" => {
                dy < 0 || (dy == 0 && a.1 == bottom && !a_in && self.hdist(b.0) < self.hdist(a.0))
            }
            "not-away" => dy < 0 || (dy == 0 && self.hdist(b.0) <= self.hdist(a.0)),
            "not-backward" => dy <= 0,
            _ => true,
        }
    }

    fn routes(&self, s: &State, start: Pt) -> Vec<(Vec<Pt>, BTreeSet<Pt>)> {
        let mut out = Vec::new();
        let mut stack = vec![(vec![start], BTreeSet::new())];
        while let Some((route, jumped)) = stack.pop() {
            let cur = *route.last().unwrap();
            let mut extended = false;
            for dx in -1..=1 {
                for dy in -1..=1 {
                    if (dx, dy) == (0, 0) {
                        continue;
                    }
                    let b = (cur.0 + dx, cur.1 + dy);
                    let c = (cur.0 + 2 * dx, cur.1 + 2 * dy);
                    let lines = self.g.lines.contains(&(cur, b)) && self.g.lines.contains(&(b, c));
                    let lands = self.empty(s, c) || c == start;
                    if lines && s.attackers.contains(&b) && !jumped.contains(&b) && lands {
                        extended = true;
                        let mut r2 = route.clone();
                        r2.push(c);
                        let mut j2 = jumped.clone();
                        j2.insert(b);
                        match self.rules.chain.as_str() {
                            "single" => out.push((r2, j2)),
                            "may-stop" => {
                                out.push((r2.clone(), j2.clone()));
                                stack.push((r2, j2));
                            }
                            _ => stack.push((r2, j2)),
                        }
                    }
                }
            }
            if !extended && self.rules.chain == "must-continue" && route.len() > 1 {
                out.push((route, jumped));
            }
        }
        out
    }

    pub fn legal(&self, s: &State) -> Vec<RefMove> {
        let mut moves = Vec::new();
        if self.decided(s).is_some() {
            return moves;
        }
        let simple = |from: Option<Pt>, to: Pt, text: String| RefMove {
            texts: BTreeSet::from([text.clone()]),
            text,
            from,
            to,
            captured: BTreeSet::new(),
            huffed: BTreeSet::new(),
        };
        if s.to_place > 0 {
            for &p in &self.g.fortress {
                if self.empty(s, p) {
                    moves.push(simple(None, p, format!("@{}", name(&self.g, p))));
                }
            }
            return moves;
        }
        let mine = if s.turn == 'A' {
            &s.attackers
        } else {
            &s.defenders
        };
        let mut steps = Vec::new();
        for &a in mine {
            for &b in &self.g.points {
                if self.g.lines.contains(&(a, b))
                    && self.empty(s, b)
                    && (s.turn == 'D' || self.attacker_may(a, b))
                {
                    let text = format!("{}-{}", name(&self.g, a), name(&self.g, b));
                    steps.push(simple(Some(a), b, text));
                }
            }
        }
        if s.turn == 'A' {
            return steps;
        }
        let mut caps: BTreeMap<(Pt, Pt, BTreeSet<Pt>), BTreeSet<String>> = BTreeMap::new();
        for &d in &s.defenders {
            for (route, jumped) in self.routes(s, d) {
                let text: Vec<String> = route.iter().map(|&p| name(&self.g, p)).collect();
                let key = (d, *route.last().unwrap(), jumped);
                caps.entry(key).or_default().insert(text.join("x"));
            }
        }
        let most = caps.keys().map(|k| k.2.len()).max().unwrap_or(0);
        let max = self.rules.max_capture == "yes";
        let owed = if max { most } else { 1 };
        let able: BTreeSet<Pt> = caps
            .keys()
            .filter(|k| most > 0 && k.2.len() >= owed)
            .map(|k| k.0)
            .collect();
        let huffs = |from: Pt, to: Pt, taken: usize| -> BTreeSet<Pt> {
            if self.rules.capture != "huff" || most == 0 || taken >= owed {
                return BTreeSet::new();
            }
            able.iter()
                .map(|&p| if p == from { to } else { p })
                .collect()
        };
        let forced = self.rules.capture == "forced" && most > 0;
        for ((from, to, captured), texts) in caps {
            if forced && captured.len() < owed {
                continue;
            }
            moves.push(RefMove {
                text: texts.iter().next().unwrap().clone(),
                huffed: huffs(from, to, captured.len()),
                texts,
                from: Some(from),
                to,
                captured,
            });
        }
        if !forced {
            for mut m in steps {
                m.huffed = huffs(m.from.unwrap(), m.to, 0);
                moves.push(m);
            }
        }
        moves
    }

    pub fn play(&self, s: &State, m: &RefMove) -> State {
        let mut n = s.clone();
        match m.from {
            None => {
                n.defenders.insert(m.to);
                n.to_place -= 1;
                if n.to_place == 0 {
                    n.turn = if self.rules.first == "attacker" {
                        'A'
                    } else {
                        'D'
                    };
                }
                return n;
            }
            Some(from) => {
                let mine = if s.turn == 'A' {
                    &mut n.attackers
                } else {
                    &mut n.defenders
                };
                mine.remove(&from);
                mine.insert(m.to);
            }
        }
        for c in &m.captured {
            n.attackers.remove(c);
        }
        for h in &m.huffed {
            n.defenders.remove(h);
        }
        n.turn = if s.turn == 'A' { 'D' } else { 'A' };
        n
    }

    /// The outcome after `history` (its last state is current), checks 1–5.
    pub fn outcome(&self, history: &[State]) -> Option<&'static str> {
        let s = history.last().unwrap();
        if let Some(w) = self.decided(s) {
            return Some(w);
        }
        if s.to_place == 0 && self.legal(s).is_empty() {
            return Some(if s.turn == 'A' {
                "defender"
            } else {
                "attacker"
            });
        }
        if history.iter().filter(|h| *h == s).count() >= 3 {
            return Some("draw");
        }
        None
    }
}

/// The referee's answer to one request line, by the reference rules. All
/// errors are answered `error` alone: only the engine words them.
pub fn answer(line: &str) -> String {
    let mut tokens = line.split_whitespace();
    let Some(rules) = tokens.next().and_then(RefRules::parse) else {
        return "error".into();
    };
    let r = Referee::new(rules);
    let mut history = vec![r.start()];
    for token in tokens {
        if r.outcome(&history).is_some() {
            return "error".into();
        }
        let s = history.last().unwrap();
        let Some(m) = r.legal(s).into_iter().find(|m| m.texts.contains(token)) else {
            return "error".into();
        };
        let next = r.play(s, &m);
        history.push(next);
    }
    if let Some(o) = r.outcome(&history) {
        return o.into();
    }
    let mut texts: Vec<String> = r
        .legal(history.last().unwrap())
        .into_iter()
        .map(|m| m.text)
        .collect();
    texts.sort();
    format!("ongoing {}", texts.join(" "))
}

/// A small deterministic generator (xorshift64*), so failures replay.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}
