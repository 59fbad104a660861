// A fork bomb: the first new process must end the run (RE, "tried to create a process").
fun main() {
    while (true) {
        try {
            ProcessBuilder("/bin/true").start()
        } catch (e: java.io.IOException) {
        }
    }
}
