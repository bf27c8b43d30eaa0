//! mlkem
