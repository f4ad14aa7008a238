module github.com/gosym/gosym

go 1.26.0

require (
	github.com/creack/pty v1.1.24
	github.com/dustin/go-humanize v1.1.0
	github.com/golangci/plugin-module-register v0.1.2
	github.com/google/go-cmp v0.7.0
	github.com/owenrumney/go-sarif/v2 v2.3.3
	github.com/rogpeppe/go-internal v1.16.0
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3
	go.uber.org/goleak v1.3.0
	golang.org/x/tools v0.52.0
)

require (
	github.com/gosym/gosym/assert v0.0.0
	golang.org/x/mod v0.42.0 // indirect
	golang.org/x/sync v0.24.0 // indirect
	golang.org/x/text v0.14.0 // indirect
)

replace github.com/gosym/gosym/assert => ./assert
