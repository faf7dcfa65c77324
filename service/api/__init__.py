"""The HTTP API: Litestar routes, their parameters, the problem table and the contract.

Routes only parse, call one use case and answer; `service.app.create_app` wires them.
"""
