//! `diskmark-test-hooks`: diskmark's command line with its test hooks
//! honoured (src/testing.rs). It is built only with the `test-hooks`
//! feature, which only the test suite enables; it is never installed or
//! packaged.

#[path = "../main.rs"]
mod product;

fn main() -> std::process::ExitCode {
    // Before anything reads a hook: the hooks are read once, lazily.
    diskmark::testing::enable();
    product::main()
}
