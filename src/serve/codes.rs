//! Room codes, seat secrets, the join rate limit and the QR code.
//!
//! A room code is what a player reads out to a friend, so it is short
//! and has no look-alike characters (no 0/O, 1/I/L); with 6 symbols from
//! 31 there are 887 million codes, and with joins limited per address
//! a guesser finds nobody's room. The seat secret is what lets a
//! returning browser take its seat back; it is 128 random bits from the
//! operating system and never leaves the server except to its owner.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The symbols of room codes: digits and capitals without look-alikes.
pub const ALPHABET: &[u8] = b"23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/// Symbols in a room code.
pub const CODE_LEN: usize = 6;

fn random_bytes<const N: usize>() -> [u8; N] {
    let mut b = [0u8; N];
    if getrandom::fill(&mut b).is_err() {
        // No system randomness: the standard library's randomly keyed
        // hasher over the clock (unpredictable enough to avoid
        // collisions; the rate limit guards against guessing).
        use std::hash::{BuildHasher, Hasher};
        let state = std::collections::hash_map::RandomState::new();
        for (i, v) in b.iter_mut().enumerate() {
            let mut h = state.build_hasher();
            h.write_usize(i);
            h.write_u128(
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map(|d| d.as_nanos())
                    .unwrap_or(0),
            );
            *v = h.finish() as u8;
        }
    }
    b
}

/// A new random room code.
pub fn new_code() -> String {
    let mut out = String::with_capacity(CODE_LEN);
    while out.len() < CODE_LEN {
        for b in random_bytes::<16>() {
            // Rejection sampling keeps every symbol equally likely.
            let limit = 256 - 256 % ALPHABET.len();
            if usize::from(b) < limit && out.len() < CODE_LEN {
                out.push(ALPHABET[usize::from(b) % ALPHABET.len()] as char);
            }
        }
    }
    out
}

/// A new seat secret: 32 hexadecimal digits.
pub fn new_token() -> String {
    random_bytes::<16>()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// A code as typed: spaces and dashes dropped, lower case raised.
/// `None` when it cannot be a code (see [`code_problem`] for why).
pub fn normalize_code(s: &str) -> Option<String> {
    let c = squeeze(s);
    (c.len() == CODE_LEN && c.bytes().all(|b| ALPHABET.contains(&b))).then_some(c)
}

fn squeeze(s: &str) -> String {
    s.chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .map(|c| c.to_ascii_uppercase())
        .collect()
}

/// Why a text [`normalize_code`] refuses is not a room code, in words
/// for the player who typed it. The look-alikes (0, 1, I, L, O) are
/// not read as anything: no code has them, so a code with one was
/// misread, and guessing which symbol was meant could join a stranger's
/// room.
pub fn code_problem(s: &str) -> String {
    let c = squeeze(s);
    if c.chars().count() != CODE_LEN {
        return format!("a code has {CODE_LEN} letters and digits");
    }
    match c
        .chars()
        .find(|&ch| !ch.is_ascii() || !ALPHABET.contains(&(ch as u8)))
    {
        Some(ch @ ('0' | '1' | 'I' | 'L' | 'O')) => {
            format!("'{ch}' is in no code (codes have no 0, 1, I, L or O): check the code you were given")
        }
        Some(ch) => format!("'{ch}' is not a letter or digit of a code"),
        None => format!("a code has {CODE_LEN} letters and digits"),
    }
}

/// At most `limit` attempts per address in each window.
pub struct RateLimit {
    limit: u32,
    window: Duration,
    seen: Mutex<HashMap<IpAddr, (Instant, u32)>>,
}

impl RateLimit {
    /// `limit` attempts per `window` and address.
    pub fn new(limit: u32, window: Duration) -> Self {
        RateLimit {
            limit,
            window,
            seen: Mutex::new(HashMap::new()),
        }
    }

    /// Counts an attempt; false when the address has used its attempts.
    pub fn allow(&self, ip: IpAddr) -> bool {
        let Ok(mut seen) = self.seen.lock() else {
            return false;
        };
        let now = Instant::now();
        if seen.len() > 100_000 {
            let window = self.window;
            seen.retain(|_, (t, _)| now.duration_since(*t) < window);
        }
        let e = seen.entry(ip).or_insert((now, 0));
        if now.duration_since(e.0) >= self.window {
            *e = (now, 0);
        }
        e.1 += 1;
        e.1 <= self.limit
    }
}

/// The QR code of `text` as an SVG image.
pub fn qr_svg(text: &str) -> Option<String> {
    let code = qrcode::QrCode::new(text.as_bytes()).ok()?;
    Some(
        code.render::<qrcode::render::svg::Color>()
            .min_dimensions(200, 200)
            .quiet_zone(true)
            .build(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_six_symbols_without_look_alikes() {
        assert!(ALPHABET.len() >= 30);
        for b in b"01OIL" {
            assert!(!ALPHABET.contains(b));
        }
        let a = new_code();
        let b = new_code();
        assert_eq!(a.len(), CODE_LEN);
        assert_ne!(a, b);
        assert_eq!(normalize_code(&a), Some(a.clone()));
        assert_eq!(normalize_code(&a.to_lowercase()), Some(a.clone()));
        assert_eq!(normalize_code("ABC-234"), Some("ABC234".into()));
        assert_eq!(normalize_code("ABC2345"), None, "7 symbols");
        assert_eq!(normalize_code("ABC 23"), None);
        assert_eq!(normalize_code("abc-d23"), Some("ABCD23".into()));
        assert_eq!(normalize_code("ABCD0O"), None);
        assert_eq!(
            code_problem("abcd0o"),
            "'0' is in no code (codes have no 0, 1, I, L or O): check the code you were given"
        );
        assert_eq!(
            code_problem("ABC#23"),
            "'#' is not a letter or digit of a code"
        );
        assert_eq!(
            code_problem("ABCDEÉ"),
            "'É' is not a letter or digit of a code"
        );
        assert_eq!(code_problem("ABC 23"), "a code has 6 letters and digits");
    }

    #[test]
    fn tokens_are_long_and_different() {
        let t = new_token();
        assert_eq!(t.len(), 32);
        assert_ne!(t, new_token());
    }

    #[test]
    fn the_rate_limit_counts_per_address() {
        let r = RateLimit::new(3, Duration::from_secs(60));
        let a: IpAddr = "127.0.0.1".parse().unwrap();
        let b: IpAddr = "127.0.0.2".parse().unwrap();
        assert!(r.allow(a) && r.allow(a) && r.allow(a));
        assert!(!r.allow(a));
        assert!(r.allow(b));
    }

    #[test]
    fn qr_is_svg() {
        let s = qr_svg("http://127.0.0.1:8080/?room=ABCD23").unwrap();
        assert!(s.contains("<svg"));
    }
}
