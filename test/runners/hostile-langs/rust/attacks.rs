// The attacks every language plays, one program for all (one compile serves them): the first word
// of the input names the attack.
//   fork    a fork bomb: the first new process must end the run (RE, "tried to create a process").
//   memory  4 GiB, every byte written: MLE under a 256 MB limit, never the host's memory.
//   write   writes every host path it reads next (in /tmp, $HOME, /var/tmp): whatever the sandbox
//           lets it write there is its own, none of them may appear on the host.
use std::io::Read;

fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let mut words = s.split_whitespace();
    match words.next() {
        Some("fork") => loop {
            let _ = std::process::Command::new("/bin/true").spawn();
        },
        Some("memory") => {
            let b = vec![1u8; 4 << 30];
            println!("{}", b[b.len() - 1]);
        }
        Some("write") => {
            for path in words {
                let _ = std::fs::write(path, "x");
            }
            println!("done");
        }
        _ => std::process::exit(2),
    }
}
