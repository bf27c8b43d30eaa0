/* SPDX-License-Identifier: Apache-2.0 OR MIT */
//! The error type of every fallible function of this crate.

use core::fmt;

use limbforge_sys as sys;

/// What went wrong: the C library's `LF_ERR_*` codes as an enum.
///
/// ```
/// use limbforge::Error;
/// assert_eq!(Error::from_code(-4), Some(Error::Auth));
/// assert_eq!(Error::from_code(0), None);
/// assert_eq!(Error::Auth.to_string(), "authentication failed");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Error {
    /// An encoded value is out of range (at least the modulus, an invalid
    /// secret key, a scalar >= n).
    Range,
    /// A parameter is invalid (a bad length, an unknown name).
    Param,
    /// The requested back end cannot run on this CPU.
    Unavailable,
    /// Authentication failed (AEAD: the tag does not match).
    Auth,
    /// A signature does not verify (or recover).
    Verify,
    /// Well-formed input that is not valid (a point not on the curve, an
    /// inconsistent RSA key).
    Invalid,
    /// A result failed its own check (RSA-CRT: a fault, or a key whose p or
    /// q is not prime).
    Fault,
    /// A code this version of the crate does not know.
    Other(i32),
}

impl Error {
    /// The error for a C return code; `None` for success (codes >= 0).
    ///
    /// # Examples
    ///
    /// ```rust
    /// use limbforge::Error;
    /// // the LF_ERR_* codes of the C header limbforge.h
    /// assert_eq!(Error::from_code(-1), Some(Error::Range));
    /// assert_eq!(Error::from_code(-5), Some(Error::Verify));
    /// assert_eq!(Error::from_code(-99), Some(Error::Other(-99)));
    /// assert_eq!(Error::from_code(0), None); // LF_OK
    /// ```
    pub const fn from_code(code: i32) -> Option<Error> {
        Some(match code {
            c if c >= 0 => return None,
            sys::LF_ERR_RANGE => Error::Range,
            sys::LF_ERR_PARAM => Error::Param,
            sys::LF_ERR_UNAVAILABLE => Error::Unavailable,
            sys::LF_ERR_AUTH => Error::Auth,
            sys::LF_ERR_VERIFY => Error::Verify,
            sys::LF_ERR_INVALID => Error::Invalid,
            sys::LF_ERR_FAULT => Error::Fault,
            c => Error::Other(c),
        })
    }

    /// The C library's code (`LF_ERR_*`, negative).
    ///
    /// # Examples
    ///
    /// ```rust
    /// use limbforge::Error;
    /// assert_eq!(Error::Param.code(), -2); // LF_ERR_PARAM
    /// for e in [Error::Range, Error::Param, Error::Unavailable, Error::Auth, Error::Verify, Error::Invalid, Error::Fault] {
    ///     assert_eq!(Error::from_code(e.code()), Some(e));
    /// }
    /// ```
    pub const fn code(self) -> i32 {
        match self {
            Error::Range => sys::LF_ERR_RANGE,
            Error::Param => sys::LF_ERR_PARAM,
            Error::Unavailable => sys::LF_ERR_UNAVAILABLE,
            Error::Auth => sys::LF_ERR_AUTH,
            Error::Verify => sys::LF_ERR_VERIFY,
            Error::Invalid => sys::LF_ERR_INVALID,
            Error::Fault => sys::LF_ERR_FAULT,
            Error::Other(c) => c,
        }
    }
}

/// `Ok(())` for a C return code >= 0, else the error.
pub(crate) fn check(code: i32) -> Result<(), Error> {
    match Error::from_code(code) {
        None => Ok(()),
        Some(e) => Err(e),
    }
}

/// # Examples
///
/// ```rust
/// use limbforge::Error;
/// assert_eq!(Error::Verify.to_string(), "signature verification failed");
/// assert_eq!(Error::Other(-42).to_string(), "limbforge error -42");
/// ```
impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Range => f.write_str("value out of range"),
            Error::Param => f.write_str("invalid parameter"),
            Error::Unavailable => f.write_str("back end not available on this CPU"),
            Error::Auth => f.write_str("authentication failed"),
            Error::Verify => f.write_str("signature verification failed"),
            Error::Invalid => f.write_str("invalid input"),
            Error::Fault => f.write_str("result failed its consistency check"),
            Error::Other(c) => write!(f, "limbforge error {c}"),
        }
    }
}

#[cfg(feature = "std")]
/// # Examples
///
/// ```rust
/// use limbforge::Error;
/// // ? converts it into Box<dyn std::error::Error>
/// fn run(code: i32) -> Result<i32, Box<dyn std::error::Error>> {
///     match Error::from_code(code) {
///         Some(e) => Err(e)?,
///         None => Ok(code),
///     }
/// }
/// assert_eq!(run(-1).unwrap_err().to_string(), "value out of range");
/// assert_eq!(run(0).unwrap(), 0);
/// ```
impl std::error::Error for Error {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        for c in -8..=1 {
            match Error::from_code(c) {
                None => assert!(c >= 0),
                Some(e) => assert_eq!(e.code(), c),
            }
        }
        assert_eq!(Error::from_code(-8), Some(Error::Other(-8)));
        assert_eq!(check(0), Ok(()));
        assert_eq!(check(-5), Err(Error::Verify));
    }
}
