# The Zero to JupyterHub chart's hub image with guts_teach, so the hub can start the class
# tables and the class's quiz progress as its services (deploy/z2jh-values.yaml). Build it from
# the repository's root and push it where the cluster pulls from:
#   docker build -f deploy/hub.Dockerfile -t REGISTRY/guts-teach-hub:0.1.0 .
#   docker push REGISTRY/guts-teach-hub:0.1.0
# The tag below is the chart's version that the values file names: the hub image and the
# chart are released together.
FROM quay.io/jupyterhub/k8s-hub:4.4.0

# Only what a wheel is built from (pyproject.toml maps notebooks/ and workbook/ into it).
COPY pyproject.toml README.md LICENSE MANIFEST.in /tmp/guts_teach/
COPY guts_teach /tmp/guts_teach/guts_teach
COPY notebooks /tmp/guts_teach/notebooks
COPY workbook /tmp/guts_teach/workbook

USER root
# The table extra is Tornado and cryptography, which the image has already, as it has
# JupyterHub, and segno (pure Python, the class code's QR code): the chart's pinned versions
# stay as they are, and the import below fails the build otherwise.
RUN pip install --no-cache-dir --root-user-action=ignore "/tmp/guts_teach[table]" \
 && rm -rf /tmp/guts_teach \
 && python -c "import guts_teach.class_table.hub_service, guts_teach.classroom.progress_service"
USER jovyan
