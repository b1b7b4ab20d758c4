{{/* Release-scoped name prefix, within the 63 characters of a DNS label. */}}
{{- define "agentloom.fullname" -}}
{{- if eq .Release.Name .Chart.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{- define "agentloom.labels" -}}
app.kubernetes.io/name: {{ .Chart.Name }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end -}}

{{/* Selector labels of one component; call with (dict "context" $ "component" "worker"). */}}
{{- define "agentloom.selectorLabels" -}}
app.kubernetes.io/name: {{ .context.Chart.Name }}
app.kubernetes.io/instance: {{ .context.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end -}}

{{- define "agentloom.secretName" -}}
{{- if .Values.secrets.existingSecret -}}
{{- .Values.secrets.existingSecret -}}
{{- else -}}
{{- include "agentloom.fullname" . -}}
{{- end -}}
{{- end -}}

{{- define "agentloom.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- default (include "agentloom.fullname" .) .Values.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{/* Credentials from the Secret, under the variable names apps/*/src/env.ts read. */}}
{{- define "agentloom.secretEnv" -}}
- name: DATABASE_URL
  valueFrom:
    secretKeyRef:
      name: {{ include "agentloom.secretName" . }}
      key: DATABASE_URL
- name: AGENTLOOM_SECRET_KEY
  valueFrom:
    secretKeyRef:
      name: {{ include "agentloom.secretName" . }}
      key: AGENTLOOM_SECRET_KEY
{{- end -}}

{{/* Restarts pods when the shared configuration changes. */}}
{{- define "agentloom.configChecksum" -}}
checksum/fleet-config: {{ include (print .Template.BasePath "/fleet-configmap.yaml") . | sha256sum }}
{{- end -}}

{{/* Prometheus label matchers for the autoscaling queries, e.g. {namespace="agentloom"}. */}}
{{- define "agentloom.metricSelector" -}}
{{- with .Values.autoscaling.metricSelector -}}
{{- printf "{%s}" . -}}
{{- end -}}
{{- end -}}
