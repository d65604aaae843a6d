#!/bin/sh
# Starts Chromium ($MEDPORTAL_CHROMIUM) without CAP_SYS_NICE, so it keeps the priority it is given
# (see chromiumLaunchOptions in chromium.ts).
exec setpriv --inh-caps=-sys_nice --bounding-set=-sys_nice -- "$MEDPORTAL_CHROMIUM" "$@"
