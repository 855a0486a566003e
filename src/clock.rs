//! The clock of the core: when a search started, when it must stop,
//! today's date for a PDN record, and a seed that differs from run to
//! run.
//!
//! Natively this is `std::time` ([`Instant`] is `std::time::Instant`).
//! WebAssembly in a browser (`wasm32-unknown-unknown`) has no such clock:
//! with the `wasm` feature the browser's `Date.now()` stands in for it;
//! without it there is no clock at all, every instant is the same, and
//! searches must be limited by depth or nodes (time limits never run out).

#[cfg(not(target_arch = "wasm32"))]
pub use std::time::Instant;

#[cfg(target_arch = "wasm32")]
pub use web::Instant;

/// Seconds since 1970-01-01 (UTC), 0 where there is no clock.
pub fn unix_seconds() -> u64 {
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs())
            .unwrap_or(0)
    }
    #[cfg(target_arch = "wasm32")]
    {
        (web::now_ms() / 1000.0) as u64
    }
}

/// A number that differs from run to run (the clock, an address and,
/// in a browser, `Math.random()`), to seed random choices.
pub fn noise() -> u64 {
    let local = 0u8;
    let address = (&local as *const u8 as u64).rotate_left(32);
    #[cfg(not(target_arch = "wasm32"))]
    let t = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0);
    #[cfg(all(target_arch = "wasm32", feature = "wasm"))]
    let t = (js_sys::Math::random() * 2f64.powi(53)) as u64 ^ (web::now_ms() * 1e3) as u64;
    #[cfg(all(target_arch = "wasm32", not(feature = "wasm")))]
    let t = {
        use std::sync::atomic::{AtomicU64, Ordering};
        static COUNT: AtomicU64 = AtomicU64::new(0x9E37_79B9_7F4A_7C15);
        COUNT.fetch_add(0x6A09_E667_F3BC_C909, Ordering::Relaxed)
    };
    t ^ address
}

#[cfg(target_arch = "wasm32")]
mod web {
    use std::ops::{Add, Sub};
    use std::time::Duration;

    /// Milliseconds since 1970 by the browser's clock (0 without the `wasm` feature).
    pub fn now_ms() -> f64 {
        #[cfg(feature = "wasm")]
        {
            js_sys::Date::now()
        }
        #[cfg(not(feature = "wasm"))]
        {
            0.0
        }
    }

    /// A moment, in milliseconds of the browser's clock.
    #[derive(Clone, Copy, Debug, PartialEq, PartialOrd)]
    pub struct Instant(f64);

    impl Instant {
        /// Now.
        pub fn now() -> Instant {
            Instant(now_ms())
        }
        /// The time since this moment.
        pub fn elapsed(&self) -> Duration {
            Instant::now() - *self
        }
    }

    impl Add<Duration> for Instant {
        type Output = Instant;
        fn add(self, d: Duration) -> Instant {
            Instant(self.0 + d.as_secs_f64() * 1e3)
        }
    }

    impl Sub for Instant {
        type Output = Duration;
        fn sub(self, earlier: Instant) -> Duration {
            Duration::from_secs_f64(((self.0 - earlier.0) / 1e3).max(0.0))
        }
    }
}
