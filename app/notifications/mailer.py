"""Email through the operator's SMTP server (FOXDEN_SMTP_*), with aiosmtplib."""

from __future__ import annotations

from email.message import EmailMessage

import aiosmtplib

from app.core.config import Settings

SEND_SECONDS = 30.0


def email_enabled(settings: Settings) -> bool:
    return bool(settings.smtp_host and settings.smtp_from)


async def send_email(settings: Settings, to: str, subject: str, text: str) -> None:
    """Send one plain-text email; raises aiosmtplib.SMTPException or OSError if it was not."""
    message = EmailMessage()
    message["From"] = settings.smtp_from
    message["To"] = to
    message["Subject"] = subject
    message.set_content(text)
    await aiosmtplib.send(
        message,
        hostname=settings.smtp_host,
        port=settings.smtp_port,
        username=settings.smtp_username or None,
        password=settings.smtp_password or None,
        start_tls=settings.smtp_starttls,
        timeout=SEND_SECONDS,
    )
