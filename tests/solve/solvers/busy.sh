#!/bin/sh
# busy.sh - a test solver stuck in a busy loop (the CPU limit must stop it).
while :; do :; done
