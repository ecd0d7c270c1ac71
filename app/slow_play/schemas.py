"""Request and response models of a player's slow-play settings and vacation."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, Field

from app.core.inputs import PlainText, RequestModel

CLOCK_TIME = r"^([01][0-9]|2[0-3]):[0-5][0-9]$"


class PlayingHoursBody(BaseModel):
    start: str = Field(pattern=CLOCK_TIME, description="Local time the hours open, HH:MM")
    end: str = Field(
        pattern=CLOCK_TIME,
        description="Local time they close, HH:MM; at or before start: past midnight",
    )


class PlayingHoursIn(RequestModel, PlayingHoursBody):
    pass


class ClockSettingsUpdate(RequestModel):
    time_zone: PlainText = Field(
        max_length=64,
        description="An IANA time zone name, e.g. Europe/Berlin (else clock/bad_time_zone)",
    )
    playing_hours: PlayingHoursIn | None = Field(
        description="Daily hours when my slow clocks run, in my time zone, at least 4 hours "
        "long (else clock/bad_hours); null: at every hour"
    )


class VacationStart(RequestModel):
    days: int = Field(
        ge=1,
        le=366,
        description="How long, from now; within the days left this year "
        "(else vacation/over_allowance)",
    )


class VacationPublic(BaseModel):
    on_vacation: bool
    until: datetime | None = Field(description="When the current vacation ends; null: none")
    year: int = Field(description="The calendar year counted, in my time zone")
    allowance_days: int = Field(description="Vacation days a year (FOXDEN_VACATION_DAYS)")
    days_used: float = Field(description="Days used or booked this year, to the hundredth")
    days_left: float


class ClockSettingsPublic(BaseModel):
    time_zone: str
    playing_hours: PlayingHoursBody | None
    vacation: VacationPublic
