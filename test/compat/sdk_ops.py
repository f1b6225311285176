"""SDK operations of the original's Python client (acryl-datahub) for the compat tests (run by datahub_worker.py).

run_all({server, token, ops: [{op, ...}]}) answers a list with one result per op; an op that raises answers
{"error": "<message>"} and the next ops still run.
"""
import warnings

warnings.simplefilter("ignore")

from datahub.emitter.mcp import MetadataChangeProposalWrapper  # noqa: E402
from datahub.emitter.rest_emitter import DatahubRestEmitter  # noqa: E402
from datahub.ingestion.graph.client import DataHubGraph, DatahubClientConfig  # noqa: E402
from datahub.ingestion.graph.filters import RemovedStatusFilter  # noqa: E402
from datahub.metadata.schema_classes import (  # noqa: E402
    ASPECT_NAME_MAP,
    DatasetLineageTypeClass,
    FineGrainedLineageClass,
    FineGrainedLineageDownstreamTypeClass,
    FineGrainedLineageUpstreamTypeClass,
    GlossaryTermAssociationClass,
    OwnerClass,
    OwnershipTypeClass,
    TagAssociationClass,
    UpstreamClass,
)
from datahub.specific.dataset import DatasetPatchBuilder  # noqa: E402


def mcp(item):
    aspect = ASPECT_NAME_MAP[item["aspectName"]].from_obj(item["aspect"])
    return MetadataChangeProposalWrapper(entityUrn=item["urn"], aspect=aspect)


def run(op, server, token, graph):
    kind = op["op"]
    if kind == "emit":
        emitter = DatahubRestEmitter(server, token=token)
        for item in op["mcps"]:
            emitter.emit(mcp(item))
        return "ok"
    if kind == "emitOpenapi":
        emitter = DatahubRestEmitter(server, token=token, openapi_ingestion=True)
        emitter.emit_mcps([mcp(i) for i in op["mcps"]])
        return "ok"
    if kind == "emitBatch":
        DatahubRestEmitter(server, token=token).emit_mcps([mcp(i) for i in op["mcps"]])
        return "ok"
    if kind == "patch":
        builder = DatasetPatchBuilder(op["urn"])
        for tag in op.get("addTags", []):
            builder.add_tag(TagAssociationClass(tag=tag))
        for tag in op.get("removeTags", []):
            builder.remove_tag(tag)
        for prop, value in op.get("setProperties", {}).items():
            builder.set_structured_property(prop, value)
        for term in op.get("addTerms", []):
            builder.add_term(GlossaryTermAssociationClass(urn=term))
        for owner in op.get("addOwners", []):
            builder.add_owner(OwnerClass(owner=owner, type=OwnershipTypeClass.TECHNICAL_OWNER))
        for owner in op.get("removeOwners", []):
            builder.remove_owner(owner)
        for key, value in op.get("addCustomProperties", {}).items():
            builder.add_custom_property(key, value)
        for key in op.get("removeCustomProperties", []):
            builder.remove_custom_property(key)
        for upstream in op.get("addUpstreams", []):
            builder.add_upstream_lineage(UpstreamClass(dataset=upstream, type=DatasetLineageTypeClass.TRANSFORMED))
        for f in op.get("addFineGrained", []):
            builder.add_fine_grained_upstream_lineage(
                FineGrainedLineageClass(
                    upstreamType=FineGrainedLineageUpstreamTypeClass.FIELD_SET,
                    upstreams=f["upstreams"],
                    downstreamType=FineGrainedLineageDownstreamTypeClass.FIELD,
                    downstreams=f["downstreams"],
                    transformOperation=f.get("transformOperation"),
                )
            )
        for field, tags in op.get("fieldTags", {}).items():
            helper = builder.for_field(field)
            for tag in tags:
                helper.add_tag(TagAssociationClass(tag=tag))
        for field, terms in op.get("fieldTerms", {}).items():
            helper = builder.for_field(field)
            for term in terms:
                helper.add_term(GlossaryTermAssociationClass(urn=term))
        if op.get("openapi"):
            DatahubRestEmitter(server, token=token, openapi_ingestion=True).emit_mcps(builder.build())
            return "ok"
        for mcpw in builder.build():
            graph.emit(mcpw)
        return "ok"
    if kind == "getAspect":
        value = graph.get_aspect(op["urn"], ASPECT_NAME_MAP[op["aspect"]])
        return None if value is None else value.to_obj()
    if kind == "exists":
        return graph.exists(op["urn"])
    if kind == "urnsByFilter":
        status = RemovedStatusFilter[op.get("status", "NOT_SOFT_DELETED")]
        return sorted(graph.get_urns_by_filter(entity_types=op.get("entityTypes"), query=op.get("query"), extraFilters=op.get("filters"), status=status))
    if kind == "softDelete":
        graph.soft_delete_entity(op["urn"])
        return "ok"
    if kind == "hardDelete":
        return list(graph.hard_delete_entity(op["urn"]))
    if kind == "entity":
        return sorted(graph.get_entity_semityped(op["urn"]).keys())
    if kind == "clientGet":
        from datahub.sdk import DataHubClient

        ds = DataHubClient(server=server, token=token).entities.get(op["urn"])
        return {"description": ds.description, "tags": sorted(str(t.tag) for t in ds.tags or [])}
    if kind == "clientUpsert":
        from datahub.sdk import DataHubClient, Dataset

        client = DataHubClient(server=server, token=token)
        ds = Dataset(platform=op["platform"], name=op["name"], description=op.get("description"), tags=op.get("tags"), subtype=op.get("subtype"))
        client.entities.upsert(ds)
        return str(ds.urn)
    raise ValueError(f"unknown op {kind}")


def run_all(spec):
    graph = DataHubGraph(DatahubClientConfig(server=spec["server"], token=spec["token"]))
    results = []
    for op in spec["ops"]:
        try:
            results.append(run(op, spec["server"], spec["token"], graph))
        except Exception as e:  # noqa: BLE001 - every failure is reported to the test
            results.append({"error": str(e)})
    return results
