module github.com/gosym/gosym/assert

go 1.21
