//go:build unix

package main

import "syscall"

// suspendProcess stops baten's process group as Ctrl-Z does (SIGTSTP); it
// returns once the shell resumes it (fg). A process group no shell
// controls (an orphaned one) is not stopped: the kernel discards the
// signal, and baten goes on.
func suspendProcess() error { return syscall.Kill(0, syscall.SIGTSTP) }
