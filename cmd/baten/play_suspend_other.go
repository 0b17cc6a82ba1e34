//go:build !unix

package main

import "errors"

// suspendProcess cannot suspend where there are no job-control signals.
func suspendProcess() error {
	return errors.New("suspending is not supported on this system (type quit to leave)")
}
