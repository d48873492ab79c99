from psycopg.adapt import Dumper, Loader
from psycopg.pq import Format
from psycopg.types import TypeInfo


class IdText(Loader):  # text results: the canonical text, a str
    def load(self, data):
        return bytes(data).decode()


class IdBytes(Loader):  # binary results: the raw bytes (sno 10, siq 14, others 16)
    format = Format.BINARY

    def load(self, data):
        return bytes(data)


class IdDumper(Dumper):  # values of the classes made below go as binary parameters
    format = Format.BINARY

    def dump(self, obj):
        return bytes(obj)


def register_idgen(conn):
    """Adapt idgen's types on conn; return {type name: bytes subclass sent as that type}."""
    classes = {}
    for name in ("wiji", "ulid", "sno", "siq", "muid"):
        info = TypeInfo.fetch(conn, name)  # OIDs differ between databases
        if info is None:
            raise LookupError(f"type {name} not found: CREATE EXTENSION idgen first")
        info.register(conn)  # so that COPY's set_types() knows the name
        conn.adapters.register_loader(info.oid, IdText)
        conn.adapters.register_loader(info.oid, IdBytes)
        classes[name] = type(name, (bytes,), {})
        conn.adapters.register_dumper(classes[name], type(name, (IdDumper,), {"oid": info.oid}))
    return classes
