// Writes every host path it reads (in /tmp, $HOME, /var/tmp): whatever the sandbox lets it write
// there is its own, none of them may appear on the host.
import java.io.File

fun main() {
    val paths = generateSequence(::readLine).flatMap { it.split(" ").asSequence() }.filter { it.isNotEmpty() }
    for (path in paths) {
        try {
            File(path).writeText("x")
        } catch (e: Exception) {
        }
    }
    println("done")
}
