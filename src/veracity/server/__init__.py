"""The veracity service: an HTTP API (``veracity serve``), persistent batch jobs and a web page.

Install with ``pip install 'veracity[serve]'``. :func:`create_app` builds the application; docs/service.md documents
the endpoints, the limits and the threat model.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__all__ = ["ServiceSettings", "create_app"]

if TYPE_CHECKING:
    from fastapi import FastAPI

    from veracity.server.settings import ServiceSettings


def create_app(settings: ServiceSettings | None = None, **options: Any) -> FastAPI:
    """The service's FastAPI application (see :func:`veracity.server.app.create_app`)."""
    from veracity.server.app import create_app as build

    return build(settings, **options)


def __getattr__(name: str) -> Any:
    if name == "ServiceSettings":
        from veracity.server.settings import ServiceSettings

        return ServiceSettings
    raise AttributeError(name)
