#!/usr/bin/env bash
# Makes the secrets of the Compose deployment (docs/security.md) in docker/secrets/, or in
# $EVENTCAST_SECRETS: the API token, Grafana's admin password, a random MQTT password per account,
# and Mosquitto's two password files made from them: mqtt-passwd for the services' accounts on the
# published listener, mqtt-admin-passwd for the admin account on the listener inside the broker's
# container only. Run it once before the first `docker compose up`; run it again after adding a
# controller (`docker/make-secrets.sh fermenter greenhouse cellar`).
# It never changes a secret that exists: to rotate one, delete its file and run it again.
#   usage: docker/make-secrets.sh [controller service id...]   (default: fermenter greenhouse)
set -euo pipefail

dir=${EVENTCAST_SECRETS:-"$(cd "$(dirname "$0")" && pwd)/secrets"}
controllers=("$@")
[ ${#controllers[@]} -gt 0 ] || controllers=(fermenter greenhouse)
accounts=(history datastore automation peer operator "${controllers[@]}")

# Checked before anything is written: a controller named like a fixed account would get its rights.
for controller in "${controllers[@]}"; do
  [[ $controller =~ ^[a-z][a-z0-9-]*$ ]] || { echo "make-secrets: '$controller' is not a service id" >&2; exit 1; }
  for account in history datastore automation peer operator admin; do
    [ "$controller" != "$account" ] || { echo "make-secrets: '$controller' is an account of its own, not a controller" >&2; exit 1; }
  done
done

mkdir -p "$dir"
umask 077
random() { od -An -N24 -tx1 /dev/urandom | tr -d ' \n'; }
[ -s "$dir/api-token" ] || random > "$dir/api-token"
[ -s "$dir/grafana-admin" ] || random > "$dir/grafana-admin"
for account in "${accounts[@]}" admin; do
  [ -s "$dir/mqtt-$account" ] || random > "$dir/mqtt-$account"
done

# Mosquitto keeps salted hashes, made by its own mosquitto_passwd: the local one, or the one of the
# broker's image.
passwd=$(mktemp)
trap 'rm -f "$passwd"' EXIT
# Writes Mosquitto's password file $1 with the accounts named after it.
password_file() {
  local file=$1
  shift
  for account in "$@"; do printf '%s:%s\n' "$account" "$(cat "$dir/mqtt-$account")"; done > "$passwd"
  if command -v mosquitto_passwd > /dev/null; then
    mosquitto_passwd -U "$passwd"
  else
    docker run --rm -v "$passwd:/passwd" eclipse-mosquitto:2.0 mosquitto_passwd -U /passwd
  fi
  cp "$passwd" "$dir/$file"
}
password_file mqtt-passwd "${accounts[@]}"
password_file mqtt-admin-passwd admin
# The broker and the services run as users of their own images: they must be able to read the
# files; the folder keeps the host's other users out.
chmod 700 "$dir"
chmod 644 "$dir"/*
echo "secrets in $dir: api-token, grafana-admin, mqtt-passwd, mqtt-admin-passwd, and the passwords of ${accounts[*]} admin"
