//! The window's integration tests, one binary (issue 27 §4): each file
//! is a module here, so the suite links the window and its
//! dev-dependencies once.

mod common;

mod actions;
mod death;
mod desktop;
mod dialog;
mod languages;
mod looks;
mod menus;
mod no_display;
mod pages;
mod settings;
mod snapshots;
mod window;
mod xvfb;
