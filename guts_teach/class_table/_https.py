"""HTTPS for the class tables: a certificate the teacher (or the school) provides, or one the
command makes on the spot.

Over plain HTTP the teacher's password crosses the classroom's network readable by anyone on
it. A school with a certificate for the laptop's name gives it (``--cert``, ``--key``); else
``--https`` makes a certificate for the laptop's address, kept in the tables' folder (so phones
trust it once, not every lesson), and the command prints its fingerprint so the teacher can
check it where a browser asks. The certificate is made by ``cryptography`` (which the tables'
extra brings), never by hand.

>>> import tempfile
>>> from pathlib import Path
>>> folder = Path(tempfile.mkdtemp())
>>> made = self_signed(folder, "10.0.0.5")
>>> made.cert.name, made.key.stat().st_mode & 0o777, len(made.fingerprint)
('tables-cert.pem', 384, 95)
>>> self_signed(folder, "10.0.0.5").fingerprint == made.fingerprint  # kept, not made again
True
"""

from __future__ import annotations

import datetime
import ipaddress
import os
import ssl
from dataclasses import dataclass
from pathlib import Path

from ..game.atomic import save_text
from ..game.errors import GutsError

CERT_FILE = "tables-cert.pem"
KEY_FILE = "tables-key.pem"
DAYS = 400
"""How long a made certificate lasts: a school year and a bit (browsers refuse longer)."""


class HttpsError(GutsError):
    """A certificate or key that cannot be used, said with the file and what is expected."""


@dataclass(frozen=True)
class Certificate:
    cert: Path
    key: Path
    fingerprint: str
    """The certificate's SHA-256 fingerprint, as browsers show it (AB:CD:...)."""


def fingerprint_of(cert: Path) -> str:
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes

    try:
        loaded = x509.load_pem_x509_certificate(cert.read_bytes())
    except (OSError, ValueError) as error:
        raise HttpsError(f"{cert} is not a PEM certificate: {str(error)[:120]}") from None
    return ":".join(f"{b:02X}" for b in loaded.fingerprint(hashes.SHA256()))


def self_signed(folder: Path, host: str) -> Certificate:
    """The certificate kept in ``folder`` for ``host`` (an address or a name), made when
    there is none or it names another host or has expired."""
    cert, key = folder / CERT_FILE, folder / KEY_FILE
    if cert.exists() and key.exists() and _still_for(cert, host):
        return Certificate(cert, key, fingerprint_of(cert))
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    private = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, f"Guts class tables {host}")])
    try:
        alternative: x509.GeneralName = x509.IPAddress(ipaddress.ip_address(host))
    except ValueError:
        alternative = x509.DNSName(host)
    now = datetime.datetime.now(datetime.UTC)
    made = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(private.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=DAYS))
        .add_extension(x509.SubjectAlternativeName([alternative]), critical=False)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .sign(private, hashes.SHA256())
    )
    folder.mkdir(parents=True, exist_ok=True)
    key_text = private.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    ).decode()
    old_mask = os.umask(0o077)  # the key readable by the teacher's account only
    try:
        save_text(key, key_text)
    finally:
        os.umask(old_mask)
    key.chmod(0o600)
    save_text(cert, made.public_bytes(serialization.Encoding.PEM).decode())
    return Certificate(cert, key, fingerprint_of(cert))


def _still_for(cert: Path, host: str) -> bool:
    from cryptography import x509

    try:
        loaded = x509.load_pem_x509_certificate(cert.read_bytes())
        names = loaded.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    except (OSError, ValueError, x509.ExtensionNotFound):
        return False
    listed = [str(n) for n in names.get_values_for_type(x509.IPAddress)]
    listed += names.get_values_for_type(x509.DNSName)
    left = loaded.not_valid_after_utc - datetime.datetime.now(datetime.UTC)
    return host in listed and left > datetime.timedelta(days=7)


def context(cert: Path, key: Path) -> ssl.SSLContext:
    """A server's TLS context for ``cert`` and ``key``, or a refusal naming the file."""
    made = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    try:
        made.load_cert_chain(cert, key)
    except FileNotFoundError as error:
        raise HttpsError(
            f"{error.filename} does not exist: give a PEM certificate and its key"
        ) from None
    except (ssl.SSLError, OSError) as error:
        raise HttpsError(
            f"{cert} and {key} are not a PEM certificate and its key: {str(error)[:120]}"
        ) from None
    return made


__all__ = ["CERT_FILE", "KEY_FILE", "Certificate", "HttpsError", "context", "self_signed"]
