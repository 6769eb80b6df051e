#!/bin/sh
# Runs Debian's Chromium (/usr/bin/chromium) with every --disable-features switch joined into one, and
# every --enable-features switch likewise. Chromium keeps only the last occurrence of a switch, so the
# features tests/support/chromium.ts turns off would otherwise replace the list Playwright turns off
# (Translate, MediaRouter, PaintHolding, HttpsUpgrades...) instead of adding to it.
disable=''
enable=''
for arg do
  shift
  case $arg in
    --disable-features=*) disable="${disable:+$disable,}${arg#--disable-features=}" ;;
    --enable-features=*) enable="${enable:+$enable,}${arg#--enable-features=}" ;;
    *) set -- "$@" "$arg" ;;
  esac
done
exec /usr/bin/chromium ${disable:+"--disable-features=$disable"} ${enable:+"--enable-features=$enable"} "$@"
