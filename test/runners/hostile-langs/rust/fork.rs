// A fork bomb: the first new process must end the run (RE, "tried to create a process").
fn main() {
    loop {
        let _ = std::process::Command::new("/bin/true").spawn();
    }
}
