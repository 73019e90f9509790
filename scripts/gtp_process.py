"""A GTP engine run as a child process, for the analysis scripts: a command in, its
answer's lines out."""

import subprocess


class GtpProcess:
    """An engine speaking GTP on its stdin and stdout (its stderr dropped)."""

    def __init__(self, name, argv, cwd=None):
        self.name = name
        self.process = subprocess.Popen(
            argv,
            cwd=cwd,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )

    def ask(self, command):
        """The non-empty lines of the answer to `command`, stripped, the first with its
        `=` or `?`; exits naming the engine if it ends first."""
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        lines = []
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise SystemExit(f"{self.name} ended at {command!r}")
            if line.strip():
                lines.append(line.strip())
            elif lines:
                return lines

    def close(self):
        """Ends the engine's input and waits for it to exit."""
        self.process.stdin.close()
        self.process.wait()
